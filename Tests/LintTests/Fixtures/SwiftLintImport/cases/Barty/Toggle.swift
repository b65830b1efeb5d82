func flip() {
    isOn = !isOn
    isOn = !other
}
