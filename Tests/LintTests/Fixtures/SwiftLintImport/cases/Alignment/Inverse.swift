label.textAlignment = .right
label.textAlignment = .left
