let s = name + "!"
let t = "Hi" + name
var u = ""
u += "x"
let n = 1 + 2
