class Login: UIViewController {}
class LoginViewController: UIViewController {}
class Gallery: UICollectionViewController {}
