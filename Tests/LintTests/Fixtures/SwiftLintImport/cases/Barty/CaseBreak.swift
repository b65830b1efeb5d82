switch mode {
case .a:
    reload()
    break
case .b:
    break
}
