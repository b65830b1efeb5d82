struct A {
    init() {
    }
    init(x: Int) {}
    init(y: Int) { }
}
