func f(_ x: Int?) {
    guard let x = x else {
        return
    }
    print(x)
}
