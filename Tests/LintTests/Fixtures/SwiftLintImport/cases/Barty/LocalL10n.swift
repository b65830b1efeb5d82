func setup() {
    let l10n = L10n.Main.self
    label.text = l10n.title
}
func other() -> String {
    let l10n = L10n.Main.self
    return l10n.title
}
