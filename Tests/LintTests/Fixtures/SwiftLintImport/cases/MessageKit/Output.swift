print("a")
Swift.print("b")
dump (value)
blueprint("c")
// print("d")
logger.debugPrint("e")
let print2 = printer(1)
func print(_ s: String) {}
