struct A {
    let count: Int = Int(5)
    let name: String = "x"
let flag: Bool = Bool(true)
}
