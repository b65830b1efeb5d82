label.textAlignment = .left
label.textAlignment = NSTextAlignment.left
label.textAlignment = .leftToRight
