DispatchQueue.main.asyncAfter(deadline: .now() + 1) { reload() }
DispatchQueue.main.async { reload() }
