class Store {
    static let shared = Store()
    init() {}
}
class Vault {
    static let shared = Vault()
    private init() {}
}
