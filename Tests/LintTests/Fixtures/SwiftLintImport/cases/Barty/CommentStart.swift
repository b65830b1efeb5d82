let a = 1//comment
let b = 2 // ok
let c = f()//x
let u = "http://example.com"
