// Debug print statements were removed.
print("a")
print("b")
