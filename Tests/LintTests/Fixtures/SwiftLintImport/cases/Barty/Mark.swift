struct A {
    let x = 1
    // MARK: - Actions
    func a() {}

    // MARK: - More

    func b() {}
}
