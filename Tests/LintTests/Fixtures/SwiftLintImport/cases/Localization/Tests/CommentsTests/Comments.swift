let a = NSLocalizedString("Hello", comment: "")
let b = NSLocalizedString("Hello", comment: "Greeting")
let c = NSLocalizedString("Bye",comment:"")
let d = NSLocalizedString(
    "Later", comment: ""
)
