button.contentHorizontalAlignment = .left
button.contentHorizontalAlignment=.right
button.contentHorizontalAlignment = .center
