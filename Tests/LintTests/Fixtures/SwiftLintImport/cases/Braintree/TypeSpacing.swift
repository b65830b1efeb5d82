struct Compact {
    let x = 1
}

struct Spaced {

    let y = 2
}
