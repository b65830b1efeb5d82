class LoginController {}
class LoginViewController {}
class CheckoutFlowController {}
