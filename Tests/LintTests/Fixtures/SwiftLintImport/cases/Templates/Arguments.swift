configure(
    name: "a", size: 2
)
configure(
    name: "a",
    size: 2
)
