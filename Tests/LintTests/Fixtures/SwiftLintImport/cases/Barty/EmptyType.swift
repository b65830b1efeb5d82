struct Empty {}
enum Nothing {
}
struct Full { let x = 1 }
