-- Spec: app:expect_screenshot against the embedded simulator. A missing baseline is written and fails, the same
-- screen then passes, a changed label fails with expected/actual/diff images whose changes lie in that label,
-- the same change passes when the label is masked, a box and text moved by half a pixel pass at the defaults,
-- --update-snapshots rewrites the baseline, and every option is checked where it enters.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. here .. "../../stdlib/?.lua;" .. package.path
local check = require("fixtures.check")
local runs = require("fixtures.runs")
local screenshots = require("fscript.screenshots")
local image = require("fscript.image")
local config = require("fscript.config")

local dir = runs.folder()
local test_file = dir .. "/cart_test.lua"
local artifacts = dir .. "/artifacts"
-- The run this check belongs to, as the runner would configure it.
screenshots.configure({ file = { path = test_file }, artifacts = artifacts }, false)
config.set({ validation = 0.5 })

local function fresh()
  frank.launch({ app = here .. "fixtures/screenshot_app.lua" })
  app:wait_for("label marked:'Your cart'")
end

local function exists(path)
  local f = io.open(path, "rb")
  if f then f:close() end
  return f ~= nil
end

local baseline = dir .. "/__screenshots__/cart_test.lua/cart.simulator.png"

-- A first run writes the baseline and fails saying so.
fresh()
local err = check.error_of(function() app:expect_screenshot("cart") end)
check.contains(err, 'no baseline "cart" yet: wrote ' .. baseline, "a missing baseline fails naming the file")
check.truthy(exists(baseline), "the baseline was written beside the test")
check.equal(750, (image.size(runs.read(baseline))), "the baseline is the screen in pixels (375 points at scale 2)")

-- The same screen passes.
fresh()
check.equal(baseline, app:expect_screenshot("cart"), "an unchanged screen matches; the call returns the baseline")

-- A screen still changing is waited for: an animation (the app is busy until it ends), and a timer (not busy: the
-- check retries when the app changes). The limit is generous: the check passes as soon as one picture matches.
config.set({ validation = 10 })
for _, button in ipairs({ "Reload", "Refresh" }) do
  app:touch(("button marked:'%s'"):format(button))
  check.equal(1, app:lookup("label marked:'Loading…'"):count(), button .. " shows Loading… for a moment")
  app:expect_screenshot("cart")
  check.equal(1, app:lookup("label marked:'Total: 3 items'"):count(), button .. ": the check saw the end")
end
config.set({ validation = 0.5 })

-- One label changed: the check fails, with the three images, and the changes lie in the label's frame.
app:touch("button marked:'Change total'")
err = check.error_of(function() app:expect_screenshot("cart") end)
check.contains(err, 'the screen differs from baseline "cart" in ', "the failure says how much differs")
check.contains(err, "--update-snapshots", "and how to accept the change")
local shots = artifacts .. "/cart_test/script/"
for _, kind in ipairs({ "expected", "actual", "diff" }) do
  check.truthy(exists(shots .. "cart-" .. kind .. ".png"), kind .. " image written to the artifacts folder")
end
-- Compared as the check compares (edges moved by less than a pixel forgiven).
local compared = image.compare(runs.read(shots .. "cart-expected.png"), runs.read(shots .. "cart-actual.png"),
  { subpixel = true })
local frame = app:lookup("label marked:'Total: 4 items'"):frames()[1]
local c = compared.changed
check.truthy(compared.different > 0, "the change counts pixels")
check.truthy(c.x >= frame.origin.x * 2 and c.y >= frame.origin.y * 2
  and c.x + c.width <= (frame.origin.x + frame.size.width) * 2
  and c.y + c.height <= (frame.origin.y + frame.size.height) * 2,
  ("the red pixels (%d,%d %dx%d px) lie inside the label's frame"):format(c.x, c.y, c.width, c.height))
check.equal(compared.diff, runs.read(shots .. "cart-diff.png"), "the diff image written is the comparison's")
check.truthy(image.compare(runs.read(baseline), runs.read(shots .. "cart-expected.png")).different == 0,
  "the expected image is the baseline")

-- The same change passes when that label is masked, and when enough pixels are allowed to differ.
app:expect_screenshot("cart", { mask = { "label marked:'Total: 4 items'" } })
app:expect_screenshot("cart", { mask = "label marked:'Total: 4 items'", threshold = 0.1 })
app:expect_screenshot("cart", { max_diff_pixels = compared.different })
check.contains(check.error_of(function()
  app:expect_screenshot("cart", { max_diff_pixels = compared.different - 1 })
end), " differs from baseline ", "one pixel fewer allowed fails")
app:expect_screenshot("cart", { max_diff_ratio = 0.5 })

-- A crop compares one view's region: the title's region is unchanged (its own baseline).
err = check.error_of(function() app:expect_screenshot("title", { crop = "label marked:'Your cart'" }) end)
check.contains(err, "no baseline", "a cropped baseline is written on first use")
check.equal(440, (image.size(runs.read(dir .. "/__screenshots__/cart_test.lua/title.simulator.png"))),
  "the cropped baseline is the view's 220 points")
app:expect_screenshot("title", { crop = "label marked:'Your cart'" })
check.contains(check.error_of(function() app:expect_screenshot("title", { crop = "label marked:'Nothing'" }) end),
  "crop \"label marked:'Nothing'\" must match one view, matched 0", "a crop that matches nothing fails")

-- A box moved by half a pixel (a quarter point at scale 2) differs only in its anti-aliased edges: it passes.
fresh()
app:touch("button marked:'Nudge box'")
local moved = image.compare(runs.read(baseline), app:screenshot())
check.truthy(moved.anti_aliased > 0, "the box's edges changed")
check.equal(0, moved.different, "only by anti-aliasing")
app:expect_screenshot("cart")

-- Text moved by half a pixel: the wireframe fills the glyphs' outlines, so the text moves by just that (cairo 1.16's
-- show_text would put each glyph on a whole pixel). pixelmatch alone takes nearly every changed pixel for
-- anti-aliasing, but not at a thin stroke's tip or join, where nothing is flat; the screenshot check also takes an
-- edge moved by less than a pixel for one (`subpixel`), so it passes at the defaults.
fresh()
app:touch("button marked:'Nudge title'")
check.equal(20.25, app:lookup("label marked:'Your cart'"):frames()[1].origin.x, "the title moved a quarter point")
moved = image.compare(runs.read(baseline), app:screenshot())
check.truthy(moved.anti_aliased > 20 * moved.different, ("nearly every changed pixel is anti-aliasing (%d of %d)")
  :format(moved.anti_aliased, moved.anti_aliased + moved.different))
check.truthy(moved.different > 0, ("pixelmatch alone counts a few tips and joins (%d)"):format(moved.different))
check.equal(0, image.compare(runs.read(baseline), app:screenshot(), { subpixel = true }).different,
  "as moved edges they count for nothing")
app:expect_screenshot("cart")
check.equal(0, image.compare(runs.read(baseline), app:screenshot(), { subpixel = true, threshold = 0.2 }).different,
  "nor at Playwright's threshold")
check.contains(check.error_of(function() app:expect_screenshot("cart", { subpixel = false }) end),
  ('differs from baseline "cart" in %d pixels'):format(moved.different), "subpixel = false is pixelmatch alone")

-- --update-snapshots rewrites the baseline from the screen, and the change then matches.
fresh()
app:touch("button marked:'Change total'")
local before = runs.read(baseline)
screenshots.configure({ file = { path = test_file }, artifacts = artifacts }, true)
app:expect_screenshot("cart")
screenshots.configure({ file = { path = test_file }, artifacts = artifacts }, false)
check.truthy(runs.read(baseline) ~= before, "the baseline was rewritten")
app:expect_screenshot("cart")
fresh()
check.contains(check.error_of(function() app:expect_screenshot("cart") end), " differs from baseline ",
  "the old screen no longer matches the refreshed baseline")

-- Arguments are checked where they enter: the error names the option and what it takes.
local function refused(name, opts, needle, what)
  check.contains(check.error_of(function() app:expect_screenshot(name, opts) end), needle, what)
end
refused(nil, nil, "bad argument #1 to 'expect_screenshot' (baseline name expected, got nil)", "a name is required")
refused("../x", nil, "a baseline name is 1 to 100 letters", "a name cannot leave the folder")
refused("cart", 5, "options table expected, got number", "options are a table")
refused("cart", { max_diff_pixel = 3 }, "unknown option 'max_diff_pixel'; did you mean 'max_diff_pixels'?",
  "a misspelt option is named with the nearest one")
refused("cart", { max_diff_pixels = -1 }, "max_diff_pixels must be an integer of 0 or more, got -1", "ranges")
refused("cart", { max_diff_pixels = 1.5 }, "max_diff_pixels must be an integer of 0 or more, got 1.5", "integers")
refused("cart", { max_diff_ratio = 2 }, "max_diff_ratio must be a number from 0 to 1, got 2", "ratio range")
refused("cart", { threshold = "high" }, 'threshold must be a number from 0 to 1, got "high"', "types")
refused("cart", { mask = { "label", 3 } }, "mask[2] is number", "each mask is a selector")
refused("cart", { mask = 7 }, "mask must be a selector string or a list of them, got 7", "mask type")
refused("cart", { crop = "" }, 'crop must be a selector string, got ""', "crop type")
refused("cart", { subpixel = "yes" }, 'subpixel must be true or false, got "yes"', "subpixel type")
-- The host's image functions check their arguments too.
local png = runs.read(baseline)
check.contains(check.error_of(image.compare, "nope", png), "bad argument #1 to 'compare' (not a PNG (4 bytes",
  "bytes that are no PNG")
check.contains(check.error_of(image.prepare, png, { crop = { x = 0, y = 0, width = 10 } }),
  "crop.height must be a number of pixels, got nil", "a rectangle names its missing field")
check.contains(check.error_of(image.prepare, png, { masks = { { x = 0, y = 0, width = -1, height = 2 } } }),
  "masks[1] has a negative size", "a negative size")
check.contains(check.error_of(image.compare, png, png, { threshold = 3 }), "threshold must be a number from 0 to 1",
  "the threshold's range")
check.contains(check.error_of(image.compare, png, png, { subpixel = 1 }), "subpixel must be true or false, got 1",
  "subpixel is a boolean")
local small = image.prepare(png, { crop = { x = 0, y = 0, width = 10, height = 10 } })
local none, why = image.compare(png, small)
check.equal(nil, none, "pictures of different sizes do not compare")
check.equal("the sizes differ: the baseline is 750×1334 pixels, the screen 10×10", why, "and say why")
check.equal(0, image.compare(png, png).different, "a picture matches itself")

refused("cart", { mask = { "label marked:" } }, "(mask[1]: selector error at column 14: expected a quoted string",
  "a mask's selector is parsed before anything is sent")
refused("cart", { crop = "view marked:'x' (" }, "(crop: selector error at column", "so is the crop's")

-- A real app's baselines are kept by its device and picture size; the simulator's under one name.
local device = { version = function() return "Frank 1.4" end, device = function() return { device = "iPad Pro" } end }
check.equal("ipad_pro-750x1334", screenshots.target_kind(device, png), "a device's kind: name and pixels")
check.equal("simulator", screenshots.target_kind(app, png), "the simulator's kind")

check.equal(3, screenshots.allowed({ max_diff_pixels = 3, max_diff_ratio = 0.5 }, 100), "the stricter limit wins")
check.equal(10, screenshots.allowed({ max_diff_ratio = 0.1 }, 100), "a ratio alone")

-- Through the runner with artifacts off (`artifacts = false`): the check still fails, keeping no pictures.
local suite, write = runs.folder()
write("t_test.lua", ([[
scenario("the cart", function()
  frank.launch({ app = %q })
  app:wait_for("label marked:'Your cart'")
  if SHOTS_CHANGE then app:touch("button marked:'Change total'") end
  app:expect_screenshot("cart")
end)
]]):format(here .. "fixtures/screenshot_app.lua"))
local code, console = runs.run({ suite }, { validation = 0.5 })
check.equal(1, code, "the first run fails")
check.contains(console, 'no baseline "cart" yet: wrote ' .. suite .. "/__screenshots__/t_test.lua/cart.simulator.png",
  "and writes the baseline beside the test")
check.equal(0, (runs.run({ suite }, { validation = 0.5 })), "the second run passes")
rawset(_G, "SHOTS_CHANGE", true)
code, console = runs.run({ suite }, { validation = 0.5 })
rawset(_G, "SHOTS_CHANGE", nil)
check.equal(1, code, "the changed screen fails")
check.contains(console, "no pictures kept (artifacts are off; --artifacts DIR keeps them)", "saying it kept none")
check.equal(0, (runs.run({ suite }, { validation = 0.5, update_snapshots = true })),
  "update_snapshots passes and rewrites")
os.execute("rm -rf '" .. suite .. "'")

os.execute("rm -rf '" .. dir .. "'")
check.finish("screenshots_spec")
