class Settings: UITableViewController {}
class SettingsTableViewController: UITableViewController {}
