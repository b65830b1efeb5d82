class Settings {
    static let `default` = Settings()
    private init() {}
}
