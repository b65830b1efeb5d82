func testTotal() {
    XCTAssert(cart.total == 3)
    XCTAssertEqual(cart.total, 3)
    // XCTAssert(false)
}
