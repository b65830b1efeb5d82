let pair = (1,  2)
let list = [1, 2, 3]
let text = "a,   b"
