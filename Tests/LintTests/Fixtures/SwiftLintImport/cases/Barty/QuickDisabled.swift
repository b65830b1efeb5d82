describe("cart") {
    xit("adds items") {}
    it("removes items") {}
}
