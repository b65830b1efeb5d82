func f(x: Int?) -> Int? {
    if x == nil {
        return nil
    }
    if x == 0 {
        return 1
    }
    return x
}
