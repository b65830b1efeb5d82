enum Size {
    case small, large
}
enum Shape {
    case circle
    case square
}
