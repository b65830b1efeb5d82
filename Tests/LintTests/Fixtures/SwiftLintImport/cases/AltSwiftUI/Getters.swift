func fetchUser(id: Int) -> User? {
    nil
}
func loadUser() -> User? { nil }
func getCount() ->
    Int {
    0
}
func calculate() -> Int { 0 }
