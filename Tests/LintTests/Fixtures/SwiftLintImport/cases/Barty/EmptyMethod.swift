func setUp() {}
func tearDown() { reset() }
func load(_ x: Int) {
}
