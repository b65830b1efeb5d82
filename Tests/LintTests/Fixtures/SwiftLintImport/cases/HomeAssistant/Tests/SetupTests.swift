func setUp() {
    Current.api = FakeAPI()
    if Current.api == nil { return }
    Current.date={ Date() }
}
