NSLog("x")
print("y")
blueprint("z")
// print("w")
