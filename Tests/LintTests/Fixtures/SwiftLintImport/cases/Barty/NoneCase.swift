enum Filter {
    // The default.
    case all
    case none
}
