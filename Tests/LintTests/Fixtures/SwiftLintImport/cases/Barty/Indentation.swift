let a = 1
func f() {
        print("deep")
}
