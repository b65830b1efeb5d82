class Store {
    static let shared = Store()
}
final class Cache {
    static let shared = Cache()
}
