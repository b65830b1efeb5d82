func f() {
    if ready {
        doWork()
}
}
