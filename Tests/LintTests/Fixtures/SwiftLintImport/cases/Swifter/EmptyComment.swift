func f() {
    //
    run() //
    // text
}
