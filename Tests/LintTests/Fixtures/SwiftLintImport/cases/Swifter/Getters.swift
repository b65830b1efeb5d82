func getUser() -> User { user }
func get() {}
func getter() {}
func get2FA(code: Int) {}
