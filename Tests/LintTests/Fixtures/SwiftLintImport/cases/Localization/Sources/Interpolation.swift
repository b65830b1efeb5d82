let a = NSLocalizedString("Hi \(name)", comment: "")
let b = NSLocalizedString("Hi %@", comment: "")
let c = NSLocalizedString("A" + "\(n)", comment: "")
