let top = view.topAnchor.constraint(equalTo: other.topAnchor)
let c = NSLayoutConstraint(item: view)
let d = constraint(x)
// view.constraint(x)
