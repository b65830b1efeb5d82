print("a")
debugPrint("b")
// print("c")
let p = "print(d)"
Swift.print("e")
