let good = [
    1,
    2
]
let numbers = [
    1, 2,
    3
]
