print("a")
debugPrint("b")
let b = blueprint("c")
// print("d")
