-- The example web app's suite: `fscript scripts/web/groceries/features` (or `fscript --web URL features` for the
-- same app served elsewhere). The page is served from this folder on 127.0.0.1; its backend calls to
-- https://api.groceries.example go to the scenario's mock backend ("Given the app uses a mock backend").
return {
  web = ".",
  web_backend = "https://api.groceries.example",
  timeout = 60,
}
