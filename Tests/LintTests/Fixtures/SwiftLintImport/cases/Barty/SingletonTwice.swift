class Store {
    static let shared = Store()
    static let preview = Store()
}
