delay(by: 2) { reload() }
delay(by:0.5) { reload() }
delay(by: interval) { reload() }
