let loginVC = LoginViewController()
var vc = UIViewController()
let controller = UIViewController()
