describe("cart") {
    fit("adds items") {}
    it("removes items") {}
}
