let a = [Int]()
var b = [String: Int]()
let c = 1
