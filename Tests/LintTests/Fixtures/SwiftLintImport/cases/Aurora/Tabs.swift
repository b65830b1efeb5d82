struct Tabs {
	let a = 1
    let b = "x	y"
    // tab	here
}
