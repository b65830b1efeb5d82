NSLog("x")
let s = "NSLog("
