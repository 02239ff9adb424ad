/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the input event device requests (_IOC_TYPE 'E',
 * linux/input.h) as strace decodes them.  A request the kernel answers
 * (_IOC_READ) shows its argument at exit, the address alone when the call
 * failed; one it is told (_IOC_WRITE) shows it as it was at entry.
 */
#include <stdlib.h>
#include <linux/input.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

const struct st_xlat st_evdev_types[] = {
	X(EV_SYN), X(EV_KEY), X(EV_REL), X(EV_ABS), X(EV_MSC), X(EV_SW), X(EV_LED),
	X(EV_SND), X(EV_REP), X(EV_FF), X(EV_PWR), X(EV_FF_STATUS), END,
};

const struct st_xlat st_evdev_abs[] = {
	X(ABS_X), X(ABS_Y), X(ABS_Z), X(ABS_RX), X(ABS_RY), X(ABS_RZ), X(ABS_THROTTLE),
	X(ABS_RUDDER), X(ABS_WHEEL), X(ABS_GAS), X(ABS_BRAKE), X(ABS_HAT0X), X(ABS_HAT0Y),
	X(ABS_HAT1X), X(ABS_HAT1Y), X(ABS_HAT2X), X(ABS_HAT2Y), X(ABS_HAT3X), X(ABS_HAT3Y),
	X(ABS_PRESSURE), X(ABS_DISTANCE), X(ABS_TILT_X), X(ABS_TILT_Y), X(ABS_TOOL_WIDTH),
	X(ABS_VOLUME), X(ABS_PROFILE), X(ABS_MISC), X(ABS_RESERVED), X(ABS_MT_SLOT),
	X(ABS_MT_TOUCH_MAJOR), X(ABS_MT_TOUCH_MINOR), X(ABS_MT_WIDTH_MAJOR),
	X(ABS_MT_WIDTH_MINOR), X(ABS_MT_ORIENTATION), X(ABS_MT_POSITION_X),
	X(ABS_MT_POSITION_Y), X(ABS_MT_TOOL_TYPE), X(ABS_MT_BLOB_ID),
	X(ABS_MT_TRACKING_ID), X(ABS_MT_PRESSURE), X(ABS_MT_DISTANCE), X(ABS_MT_TOOL_X),
	X(ABS_MT_TOOL_Y), END,
};

/*
 * Key and button codes, one name a code: the names strace 6.1 knows
 * (KEY_ZOOM and KEY_SCREEN, not the newer KEY_FULL_SCREEN and
 * KEY_ASPECT_RATIO; BTN_0, not BTN_MISC).
 */
static const struct st_xlat keys[] = {
	X(KEY_RESERVED), X(KEY_ESC), X(KEY_1), X(KEY_2), X(KEY_3), X(KEY_4), X(KEY_5),
	X(KEY_6), X(KEY_7), X(KEY_8), X(KEY_9), X(KEY_0), X(KEY_MINUS), X(KEY_EQUAL),
	X(KEY_BACKSPACE), X(KEY_TAB), X(KEY_Q), X(KEY_W), X(KEY_E), X(KEY_R), X(KEY_T),
	X(KEY_Y), X(KEY_U), X(KEY_I), X(KEY_O), X(KEY_P), X(KEY_LEFTBRACE),
	X(KEY_RIGHTBRACE), X(KEY_ENTER), X(KEY_LEFTCTRL), X(KEY_A), X(KEY_S), X(KEY_D),
	X(KEY_F), X(KEY_G), X(KEY_H), X(KEY_J), X(KEY_K), X(KEY_L), X(KEY_SEMICOLON),
	X(KEY_APOSTROPHE), X(KEY_GRAVE), X(KEY_LEFTSHIFT), X(KEY_BACKSLASH), X(KEY_Z),
	X(KEY_X), X(KEY_C), X(KEY_V), X(KEY_B), X(KEY_N), X(KEY_M), X(KEY_COMMA),
	X(KEY_DOT), X(KEY_SLASH), X(KEY_RIGHTSHIFT), X(KEY_KPASTERISK), X(KEY_LEFTALT),
	X(KEY_SPACE), X(KEY_CAPSLOCK), X(KEY_F1), X(KEY_F2), X(KEY_F3), X(KEY_F4),
	X(KEY_F5), X(KEY_F6), X(KEY_F7), X(KEY_F8), X(KEY_F9), X(KEY_F10),
	X(KEY_NUMLOCK), X(KEY_SCROLLLOCK), X(KEY_KP7), X(KEY_KP8), X(KEY_KP9),
	X(KEY_KPMINUS), X(KEY_KP4), X(KEY_KP5), X(KEY_KP6), X(KEY_KPPLUS), X(KEY_KP1),
	X(KEY_KP2), X(KEY_KP3), X(KEY_KP0), X(KEY_KPDOT), X(KEY_ZENKAKUHANKAKU),
	X(KEY_102ND), X(KEY_F11), X(KEY_F12), X(KEY_RO), X(KEY_KATAKANA),
	X(KEY_HIRAGANA), X(KEY_HENKAN), X(KEY_KATAKANAHIRAGANA), X(KEY_MUHENKAN),
	X(KEY_KPJPCOMMA), X(KEY_KPENTER), X(KEY_RIGHTCTRL), X(KEY_KPSLASH),
	X(KEY_SYSRQ), X(KEY_RIGHTALT), X(KEY_LINEFEED), X(KEY_HOME), X(KEY_UP),
	X(KEY_PAGEUP), X(KEY_LEFT), X(KEY_RIGHT), X(KEY_END), X(KEY_DOWN),
	X(KEY_PAGEDOWN), X(KEY_INSERT), X(KEY_DELETE), X(KEY_MACRO), X(KEY_MUTE),
	X(KEY_VOLUMEDOWN), X(KEY_VOLUMEUP), X(KEY_POWER), X(KEY_KPEQUAL),
	X(KEY_KPPLUSMINUS), X(KEY_PAUSE), X(KEY_SCALE), X(KEY_KPCOMMA), X(KEY_HANGEUL),
	X(KEY_HANJA), X(KEY_YEN), X(KEY_LEFTMETA), X(KEY_RIGHTMETA), X(KEY_COMPOSE),
	X(KEY_STOP), X(KEY_AGAIN), X(KEY_PROPS), X(KEY_UNDO), X(KEY_FRONT),
	X(KEY_COPY), X(KEY_OPEN), X(KEY_PASTE), X(KEY_FIND), X(KEY_CUT), X(KEY_HELP),
	X(KEY_MENU), X(KEY_CALC), X(KEY_SETUP), X(KEY_SLEEP), X(KEY_WAKEUP),
	X(KEY_FILE), X(KEY_SENDFILE), X(KEY_DELETEFILE), X(KEY_XFER), X(KEY_PROG1),
	X(KEY_PROG2), X(KEY_WWW), X(KEY_MSDOS), X(KEY_COFFEE), X(KEY_ROTATE_DISPLAY),
	X(KEY_CYCLEWINDOWS), X(KEY_MAIL), X(KEY_BOOKMARKS), X(KEY_COMPUTER),
	X(KEY_BACK), X(KEY_FORWARD), X(KEY_CLOSECD), X(KEY_EJECTCD),
	X(KEY_EJECTCLOSECD), X(KEY_NEXTSONG), X(KEY_PLAYPAUSE), X(KEY_PREVIOUSSONG),
	X(KEY_STOPCD), X(KEY_RECORD), X(KEY_REWIND), X(KEY_PHONE), X(KEY_ISO),
	X(KEY_CONFIG), X(KEY_HOMEPAGE), X(KEY_REFRESH), X(KEY_EXIT), X(KEY_MOVE),
	X(KEY_EDIT), X(KEY_SCROLLUP), X(KEY_SCROLLDOWN), X(KEY_KPLEFTPAREN),
	X(KEY_KPRIGHTPAREN), X(KEY_NEW), X(KEY_REDO), X(KEY_F13), X(KEY_F14),
	X(KEY_F15), X(KEY_F16), X(KEY_F17), X(KEY_F18), X(KEY_F19), X(KEY_F20),
	X(KEY_F21), X(KEY_F22), X(KEY_F23), X(KEY_F24), X(KEY_PLAYCD), X(KEY_PAUSECD),
	X(KEY_PROG3), X(KEY_PROG4), X(KEY_ALL_APPLICATIONS), X(KEY_SUSPEND),
	X(KEY_CLOSE), X(KEY_PLAY), X(KEY_FASTFORWARD), X(KEY_BASSBOOST), X(KEY_PRINT),
	X(KEY_HP), X(KEY_CAMERA), X(KEY_SOUND), X(KEY_QUESTION), X(KEY_EMAIL),
	X(KEY_CHAT), X(KEY_SEARCH), X(KEY_CONNECT), X(KEY_FINANCE), X(KEY_SPORT),
	X(KEY_SHOP), X(KEY_ALTERASE), X(KEY_CANCEL), X(KEY_BRIGHTNESSDOWN),
	X(KEY_BRIGHTNESSUP), X(KEY_MEDIA), X(KEY_SWITCHVIDEOMODE),
	X(KEY_KBDILLUMTOGGLE), X(KEY_KBDILLUMDOWN), X(KEY_KBDILLUMUP), X(KEY_SEND),
	X(KEY_REPLY), X(KEY_FORWARDMAIL), X(KEY_SAVE), X(KEY_DOCUMENTS),
	X(KEY_BATTERY), X(KEY_BLUETOOTH), X(KEY_WLAN), X(KEY_UWB), X(KEY_UNKNOWN),
	X(KEY_VIDEO_NEXT), X(KEY_VIDEO_PREV), X(KEY_BRIGHTNESS_CYCLE),
	X(KEY_BRIGHTNESS_AUTO), X(KEY_DISPLAY_OFF), X(KEY_WWAN), X(KEY_RFKILL),
	X(KEY_MICMUTE), X(BTN_0), X(BTN_1), X(BTN_2), X(BTN_3), X(BTN_4), X(BTN_5),
	X(BTN_6), X(BTN_7), X(BTN_8), X(BTN_9), X(BTN_LEFT), X(BTN_RIGHT),
	X(BTN_MIDDLE), X(BTN_SIDE), X(BTN_EXTRA), X(BTN_FORWARD), X(BTN_BACK),
	X(BTN_TASK), X(BTN_TRIGGER), X(BTN_THUMB), X(BTN_THUMB2), X(BTN_TOP),
	X(BTN_TOP2), X(BTN_PINKIE), X(BTN_BASE), X(BTN_BASE2), X(BTN_BASE3),
	X(BTN_BASE4), X(BTN_BASE5), X(BTN_BASE6), X(BTN_DEAD), X(BTN_SOUTH),
	X(BTN_EAST), X(BTN_C), X(BTN_NORTH), X(BTN_WEST), X(BTN_Z), X(BTN_TL),
	X(BTN_TR), X(BTN_TL2), X(BTN_TR2), X(BTN_SELECT), X(BTN_START), X(BTN_MODE),
	X(BTN_THUMBL), X(BTN_THUMBR), X(BTN_TOOL_PEN), X(BTN_TOOL_RUBBER),
	X(BTN_TOOL_BRUSH), X(BTN_TOOL_PENCIL), X(BTN_TOOL_AIRBRUSH),
	X(BTN_TOOL_FINGER), X(BTN_TOOL_MOUSE), X(BTN_TOOL_LENS), X(BTN_TOOL_QUINTTAP),
	X(BTN_STYLUS3), X(BTN_TOUCH), X(BTN_STYLUS), X(BTN_STYLUS2),
	X(BTN_TOOL_DOUBLETAP), X(BTN_TOOL_TRIPLETAP), X(BTN_TOOL_QUADTAP),
	X(BTN_GEAR_DOWN), X(BTN_GEAR_UP), X(KEY_OK), X(KEY_SELECT), X(KEY_GOTO),
	X(KEY_CLEAR), X(KEY_POWER2), X(KEY_OPTION), X(KEY_INFO), X(KEY_TIME),
	X(KEY_VENDOR), X(KEY_ARCHIVE), X(KEY_PROGRAM), X(KEY_CHANNEL),
	X(KEY_FAVORITES), X(KEY_EPG), X(KEY_PVR), X(KEY_MHP), X(KEY_LANGUAGE),
	X(KEY_TITLE), X(KEY_SUBTITLE), X(KEY_ANGLE), X(KEY_ZOOM), X(KEY_MODE),
	X(KEY_KEYBOARD), X(KEY_SCREEN), X(KEY_PC), X(KEY_TV), X(KEY_TV2), X(KEY_VCR),
	X(KEY_VCR2), X(KEY_SAT), X(KEY_SAT2), X(KEY_CD), X(KEY_TAPE), X(KEY_RADIO),
	X(KEY_TUNER), X(KEY_PLAYER), X(KEY_TEXT), X(KEY_DVD), X(KEY_AUX), X(KEY_MP3),
	X(KEY_AUDIO), X(KEY_VIDEO), X(KEY_DIRECTORY), X(KEY_LIST), X(KEY_MEMO),
	X(KEY_CALENDAR), X(KEY_RED), X(KEY_GREEN), X(KEY_YELLOW), X(KEY_BLUE),
	X(KEY_CHANNELUP), X(KEY_CHANNELDOWN), X(KEY_FIRST), X(KEY_LAST), X(KEY_AB),
	X(KEY_NEXT), X(KEY_RESTART), X(KEY_SLOW), X(KEY_SHUFFLE), X(KEY_BREAK),
	X(KEY_PREVIOUS), X(KEY_DIGITS), X(KEY_TEEN), X(KEY_TWEN), X(KEY_VIDEOPHONE),
	X(KEY_GAMES), X(KEY_ZOOMIN), X(KEY_ZOOMOUT), X(KEY_ZOOMRESET),
	X(KEY_WORDPROCESSOR), X(KEY_EDITOR), X(KEY_SPREADSHEET), X(KEY_GRAPHICSEDITOR),
	X(KEY_PRESENTATION), X(KEY_DATABASE), X(KEY_NEWS), X(KEY_VOICEMAIL),
	X(KEY_ADDRESSBOOK), X(KEY_MESSENGER), X(KEY_DISPLAYTOGGLE), X(KEY_SPELLCHECK),
	X(KEY_LOGOFF), X(KEY_DOLLAR), X(KEY_EURO), X(KEY_FRAMEBACK),
	X(KEY_FRAMEFORWARD), X(KEY_CONTEXT_MENU), X(KEY_MEDIA_REPEAT),
	X(KEY_10CHANNELSUP), X(KEY_10CHANNELSDOWN), X(KEY_IMAGES),
	X(KEY_NOTIFICATION_CENTER), X(KEY_PICKUP_PHONE), X(KEY_HANGUP_PHONE),
	X(KEY_DEL_EOL), X(KEY_DEL_EOS), X(KEY_INS_LINE), X(KEY_DEL_LINE), X(KEY_FN),
	X(KEY_FN_ESC), X(KEY_FN_F1), X(KEY_FN_F2), X(KEY_FN_F3), X(KEY_FN_F4),
	X(KEY_FN_F5), X(KEY_FN_F6), X(KEY_FN_F7), X(KEY_FN_F8), X(KEY_FN_F9),
	X(KEY_FN_F10), X(KEY_FN_F11), X(KEY_FN_F12), X(KEY_FN_1), X(KEY_FN_2),
	X(KEY_FN_D), X(KEY_FN_E), X(KEY_FN_F), X(KEY_FN_S), X(KEY_FN_B),
	X(KEY_FN_RIGHT_SHIFT), X(KEY_BRL_DOT1), X(KEY_BRL_DOT2), X(KEY_BRL_DOT3),
	X(KEY_BRL_DOT4), X(KEY_BRL_DOT5), X(KEY_BRL_DOT6), X(KEY_BRL_DOT7),
	X(KEY_BRL_DOT8), X(KEY_BRL_DOT9), X(KEY_BRL_DOT10), X(KEY_NUMERIC_0),
	X(KEY_NUMERIC_1), X(KEY_NUMERIC_2), X(KEY_NUMERIC_3), X(KEY_NUMERIC_4),
	X(KEY_NUMERIC_5), X(KEY_NUMERIC_6), X(KEY_NUMERIC_7), X(KEY_NUMERIC_8),
	X(KEY_NUMERIC_9), X(KEY_NUMERIC_STAR), X(KEY_NUMERIC_POUND), X(KEY_NUMERIC_A),
	X(KEY_NUMERIC_B), X(KEY_NUMERIC_C), X(KEY_NUMERIC_D), X(KEY_CAMERA_FOCUS),
	X(KEY_WPS_BUTTON), X(KEY_TOUCHPAD_TOGGLE), X(KEY_TOUCHPAD_ON),
	X(KEY_TOUCHPAD_OFF), X(KEY_CAMERA_ZOOMIN), X(KEY_CAMERA_ZOOMOUT),
	X(KEY_CAMERA_UP), X(KEY_CAMERA_DOWN), X(KEY_CAMERA_LEFT), X(KEY_CAMERA_RIGHT),
	X(KEY_ATTENDANT_ON), X(KEY_ATTENDANT_OFF), X(KEY_ATTENDANT_TOGGLE),
	X(KEY_LIGHTS_TOGGLE), X(BTN_DPAD_UP), X(BTN_DPAD_DOWN), X(BTN_DPAD_LEFT),
	X(BTN_DPAD_RIGHT), X(KEY_ALS_TOGGLE), X(KEY_ROTATE_LOCK_TOGGLE),
	X(KEY_BUTTONCONFIG), X(KEY_TASKMANAGER), X(KEY_JOURNAL), X(KEY_CONTROLPANEL),
	X(KEY_APPSELECT), X(KEY_SCREENSAVER), X(KEY_VOICECOMMAND), X(KEY_ASSISTANT),
	X(KEY_KBD_LAYOUT_NEXT), X(KEY_EMOJI_PICKER), X(KEY_DICTATE),
	X(KEY_BRIGHTNESS_MIN), X(KEY_BRIGHTNESS_MAX), X(KEY_KBDINPUTASSIST_PREV),
	X(KEY_KBDINPUTASSIST_NEXT), X(KEY_KBDINPUTASSIST_PREVGROUP),
	X(KEY_KBDINPUTASSIST_NEXTGROUP), X(KEY_KBDINPUTASSIST_ACCEPT),
	X(KEY_KBDINPUTASSIST_CANCEL), X(KEY_RIGHT_UP), X(KEY_RIGHT_DOWN),
	X(KEY_LEFT_UP), X(KEY_LEFT_DOWN), X(KEY_ROOT_MENU), X(KEY_MEDIA_TOP_MENU),
	X(KEY_NUMERIC_11), X(KEY_NUMERIC_12), X(KEY_AUDIO_DESC), X(KEY_3D_MODE),
	X(KEY_NEXT_FAVORITE), X(KEY_STOP_RECORD), X(KEY_PAUSE_RECORD), X(KEY_VOD),
	X(KEY_UNMUTE), X(KEY_FASTREVERSE), X(KEY_SLOWREVERSE), X(KEY_DATA),
	X(KEY_ONSCREEN_KEYBOARD), X(KEY_PRIVACY_SCREEN_TOGGLE),
	X(KEY_SELECTIVE_SCREENSHOT), X(KEY_NEXT_ELEMENT), X(KEY_PREVIOUS_ELEMENT),
	X(KEY_AUTOPILOT_ENGAGE_TOGGLE), X(KEY_MARK_WAYPOINT), X(KEY_SOS),
	X(KEY_NAV_CHART), X(KEY_FISHING_CHART), X(KEY_SINGLE_RANGE_RADAR),
	X(KEY_DUAL_RANGE_RADAR), X(KEY_RADAR_OVERLAY), X(KEY_TRADITIONAL_SONAR),
	X(KEY_CLEARVU_SONAR), X(KEY_SIDEVU_SONAR), X(KEY_NAV_INFO),
	X(KEY_BRIGHTNESS_MENU), X(KEY_MACRO1), X(KEY_MACRO2), X(KEY_MACRO3),
	X(KEY_MACRO4), X(KEY_MACRO5), X(KEY_MACRO6), X(KEY_MACRO7), X(KEY_MACRO8),
	X(KEY_MACRO9), X(KEY_MACRO10), X(KEY_MACRO11), X(KEY_MACRO12), X(KEY_MACRO13),
	X(KEY_MACRO14), X(KEY_MACRO15), X(KEY_MACRO16), X(KEY_MACRO17), X(KEY_MACRO18),
	X(KEY_MACRO19), X(KEY_MACRO20), X(KEY_MACRO21), X(KEY_MACRO22), X(KEY_MACRO23),
	X(KEY_MACRO24), X(KEY_MACRO25), X(KEY_MACRO26), X(KEY_MACRO27), X(KEY_MACRO28),
	X(KEY_MACRO29), X(KEY_MACRO30), X(KEY_MACRO_RECORD_START),
	X(KEY_MACRO_RECORD_STOP), X(KEY_MACRO_PRESET_CYCLE), X(KEY_MACRO_PRESET1),
	X(KEY_MACRO_PRESET2), X(KEY_MACRO_PRESET3), X(KEY_KBD_LCD_MENU1),
	X(KEY_KBD_LCD_MENU2), X(KEY_KBD_LCD_MENU3), X(KEY_KBD_LCD_MENU4),
	X(KEY_KBD_LCD_MENU5), X(BTN_TRIGGER_HAPPY1), X(BTN_TRIGGER_HAPPY2),
	X(BTN_TRIGGER_HAPPY3), X(BTN_TRIGGER_HAPPY4), X(BTN_TRIGGER_HAPPY5),
	X(BTN_TRIGGER_HAPPY6), X(BTN_TRIGGER_HAPPY7), X(BTN_TRIGGER_HAPPY8),
	X(BTN_TRIGGER_HAPPY9), X(BTN_TRIGGER_HAPPY10), X(BTN_TRIGGER_HAPPY11),
	X(BTN_TRIGGER_HAPPY12), X(BTN_TRIGGER_HAPPY13), X(BTN_TRIGGER_HAPPY14),
	X(BTN_TRIGGER_HAPPY15), X(BTN_TRIGGER_HAPPY16), X(BTN_TRIGGER_HAPPY17),
	X(BTN_TRIGGER_HAPPY18), X(BTN_TRIGGER_HAPPY19), X(BTN_TRIGGER_HAPPY20),
	X(BTN_TRIGGER_HAPPY21), X(BTN_TRIGGER_HAPPY22), X(BTN_TRIGGER_HAPPY23),
	X(BTN_TRIGGER_HAPPY24), X(BTN_TRIGGER_HAPPY25), X(BTN_TRIGGER_HAPPY26),
	X(BTN_TRIGGER_HAPPY27), X(BTN_TRIGGER_HAPPY28), X(BTN_TRIGGER_HAPPY29),
	X(BTN_TRIGGER_HAPPY30), X(BTN_TRIGGER_HAPPY31), X(BTN_TRIGGER_HAPPY32),
	X(BTN_TRIGGER_HAPPY33), X(BTN_TRIGGER_HAPPY34), X(BTN_TRIGGER_HAPPY35),
	X(BTN_TRIGGER_HAPPY36), X(BTN_TRIGGER_HAPPY37), X(BTN_TRIGGER_HAPPY38),
	X(BTN_TRIGGER_HAPPY39), X(BTN_TRIGGER_HAPPY40), END,
};

static const struct st_xlat rel_axes[] = {
	X(REL_X), X(REL_Y), X(REL_Z), X(REL_RX), X(REL_RY), X(REL_RZ), X(REL_HWHEEL),
	X(REL_DIAL), X(REL_WHEEL), X(REL_MISC), X(REL_RESERVED), X(REL_WHEEL_HI_RES),
	X(REL_HWHEEL_HI_RES), END,
};

static const struct st_xlat misc[] = {
	X(MSC_SERIAL), X(MSC_PULSELED), X(MSC_GESTURE), X(MSC_RAW), X(MSC_SCAN),
	X(MSC_TIMESTAMP), END,
};

static const struct st_xlat switches[] = {
	X(SW_LID), X(SW_TABLET_MODE), X(SW_HEADPHONE_INSERT), X(SW_RFKILL_ALL),
	X(SW_MICROPHONE_INSERT), X(SW_DOCK), X(SW_LINEOUT_INSERT),
	X(SW_JACK_PHYSICAL_INSERT), X(SW_VIDEOOUT_INSERT), X(SW_CAMERA_LENS_COVER),
	X(SW_KEYPAD_SLIDE), X(SW_FRONT_PROXIMITY), X(SW_ROTATE_LOCK), X(SW_LINEIN_INSERT),
	X(SW_MUTE_DEVICE), X(SW_PEN_INSERTED), END,
};

static const struct st_xlat leds[] = {
	X(LED_NUML), X(LED_CAPSL), X(LED_SCROLLL), X(LED_COMPOSE), X(LED_KANA),
	X(LED_SLEEP), X(LED_SUSPEND), X(LED_MUTE), X(LED_MISC), X(LED_MAIL),
	X(LED_CHARGING), END,
};

static const struct st_xlat sounds[] = { X(SND_CLICK), X(SND_BELL), X(SND_TONE), END };

static const struct st_xlat autorepeat[] = { X(REP_DELAY), X(REP_PERIOD), END };

static const struct st_xlat ff_types[] = {
	X(FF_RUMBLE), X(FF_PERIODIC), X(FF_CONSTANT), X(FF_SPRING), X(FF_FRICTION),
	X(FF_DAMPER), X(FF_INERTIA), X(FF_RAMP), X(FF_SQUARE), X(FF_TRIANGLE), X(FF_SINE),
	X(FF_SAW_UP), X(FF_SAW_DOWN), X(FF_CUSTOM), X(FF_GAIN), X(FF_AUTOCENTER), END,
};

static const struct st_xlat ff_status[] = {
	X(FF_STATUS_STOPPED), X(FF_STATUS_PLAYING), END,
};

static const struct st_xlat props[] = {
	X(INPUT_PROP_POINTER), X(INPUT_PROP_DIRECT), X(INPUT_PROP_BUTTONPAD),
	X(INPUT_PROP_SEMI_MT), X(INPUT_PROP_TOPBUTTONPAD), X(INPUT_PROP_POINTING_STICK),
	X(INPUT_PROP_ACCELEROMETER), END,
};

static const struct st_xlat mt_codes[] = {
	X(ABS_MT_SLOT), X(ABS_MT_TOUCH_MAJOR), X(ABS_MT_TOUCH_MINOR),
	X(ABS_MT_WIDTH_MAJOR), X(ABS_MT_WIDTH_MINOR), X(ABS_MT_ORIENTATION),
	X(ABS_MT_POSITION_X), X(ABS_MT_POSITION_Y), X(ABS_MT_TOOL_TYPE),
	X(ABS_MT_BLOB_ID), X(ABS_MT_TRACKING_ID), X(ABS_MT_PRESSURE),
	X(ABS_MT_DISTANCE), X(ABS_MT_TOOL_X), X(ABS_MT_TOOL_Y), END,
};

/* A bitset's names, the highest code strace looks at, and its unknown name. */
struct bits {
	const struct st_xlat *names;
	unsigned max;
	const char *dflt;
};

static const struct bits ev_bits = { st_evdev_types, EV_MAX, "EV_???" };
static const struct bits key_bits = { keys, KEY_MAX, "KEY_???" };
static const struct bits rel_bits = { rel_axes, REL_MAX, "REL_???" };
static const struct bits abs_bits = { st_evdev_abs, ABS_MAX, "ABS_???" };
static const struct bits msc_bits = { misc, MSC_MAX, "MSC_???" };
static const struct bits sw_bits = { switches, SW_MAX, "SW_???" };
static const struct bits led_bits = { leds, LED_MAX, "LED_???" };
static const struct bits snd_bits = { sounds, SND_MAX, "SND_???" };
static const struct bits rep_bits = { autorepeat, REP_MAX, "REP_???" };
static const struct bits ff_bits = { ff_types, FF_MAX, "FF_???" };
static const struct bits ff_status_bits = { ff_status, FF_STATUS_MAX, "FF_STATUS_???" };
static const struct bits prop_bits = { props, INPUT_PROP_MAX, "PROP_???" };

static void addr(struct buf *b, uint64_t v)
{
	if (v)
		buf_printf(b, "%#llx", (unsigned long long)v);
	else
		buf_printf(b, "NULL");
}

/*
 * The argument's first size bytes into out, as the call saw them at
 * entry or, after a call that succeeded, at exit; false (the address
 * printed instead) when there are none to show.
 */
static bool fetch(struct buf *b, const struct st_call *c, bool exit, void *out, size_t size)
{
	uint64_t v = c->args[2];

	if (v && !(exit && st_call_failed(c)) && st_ioctl_struct(c, exit, out, size) == size)
		return true;
	addr(b, v);
	return false;
}

/* [N] through the pointer: an int printed as conv says ('d', 'u' or 'x'). */
static void num(struct buf *b, const struct st_call *c, bool exit, char conv)
{
	unsigned char p[4];
	uint32_t v;

	if (!fetch(b, c, exit, p, sizeof(p)))
		return;
	v = st_u32(p);
	if (conv == 'x')
		buf_printf(b, "[%#x]", v);
	else if (conv == 'u')
		buf_printf(b, "[%u]", v);
	else
		buf_printf(b, "[%d]", (int)v);
}

/* Two unsigned ints: the repeat delay and period. */
static void pair(struct buf *b, const struct st_call *c, bool exit)
{
	unsigned char p[8];

	if (fetch(b, c, exit, p, sizeof(p)))
		buf_printf(b, "[%u, %u]", st_u32(p), st_u32(p + 4));
}

/* A scancode and its key. */
static void keycode(struct buf *b, const struct st_call *c, bool exit)
{
	unsigned char p[8];

	if (!fetch(b, c, exit, p, sizeof(p)))
		return;
	buf_printf(b, "[%u, ", st_u32(p));
	st_xlat_val(b, keys, st_u32(p + 4), "KEY_???");
	buf_printf(b, "]");
}

static void keymap_entry(struct buf *b, const struct st_call *c, bool exit,
			 const struct st_dopts *o)
{
	struct input_keymap_entry e;
	size_t i;

	if (!fetch(b, c, exit, &e, sizeof(e)))
		return;
	buf_printf(b, "{flags=%u, len=%u, ", e.flags, e.len);
	if (!o->verbose) {
		buf_printf(b, "...}");
		return;
	}
	buf_printf(b, "index=%u, keycode=", e.index);
	st_xlat_val(b, keys, e.keycode, "KEY_???");
	buf_printf(b, ", scancode=[");
	for (i = 0; i < sizeof(e.scancode); i++)
		buf_printf(b, i ? ", %#x" : "%#x", e.scancode[i]);
	buf_printf(b, "]}");
}

static void input_id(struct buf *b, const struct st_call *c)
{
	struct input_id id;

	if (fetch(b, c, true, &id, sizeof(id)))
		buf_printf(b, "{bustype=%u, vendor=%u, product=%u, version=%u}",
			   id.bustype, id.vendor, id.product, id.version);
}

/*
 * struct input_absinfo of the request's size: the address when that is
 * less than the struct up to flat; resolution when the size covers it,
 * "..." when it is not the struct's exactly.
 */
static void absinfo(struct buf *b, const struct st_call *c, bool exit, const struct st_dopts *o)
{
	const size_t flat_end = offsetof(struct input_absinfo, resolution);
	size_t size = _IOC_SIZE((unsigned)c->args[1]);
	struct input_absinfo a;

	if (size < flat_end) {
		addr(b, c->args[2]);
		return;
	}
	if (!fetch(b, c, exit, &a, size < sizeof(a) ? size : sizeof(a)))
		return;
	buf_printf(b, "{value=%u, minimum=%u, ", (unsigned)a.value, (unsigned)a.minimum);
	if (!o->verbose) {
		buf_printf(b, "...}");
		return;
	}
	buf_printf(b, "maximum=%u, fuzz=%u, flat=%u", (unsigned)a.maximum, (unsigned)a.fuzz,
		   (unsigned)a.flat);
	if (size > flat_end) {
		if (size >= sizeof(a))
			buf_printf(b, ", resolution=%u", (unsigned)a.resolution);
		if (size != sizeof(a))
			buf_printf(b, ", ...");
	}
	buf_printf(b, "}");
}

/*
 * A bitset the kernel wrote, as many bytes as the call returned (up to
 * the set's highest code): the names of its bits (four without -v), and
 * under -X raw or verbose its words.
 */
static void bitset(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		   const struct bits *t)
{
	unsigned char p[(KEY_MAX / 64 + 1) * 8];
	uint64_t ret = (uint64_t)c->ret;
	unsigned nbits = ret > t->max / 8 ? t->max : (unsigned)ret * 8, i, shown = 0;
	size_t size = (nbits + 63) / 64 * 8;
	enum st_cstyle style = st_xlat_get_style();

	if (st_call_failed(c) || !size) {
		addr(b, c->args[2]);
		return;
	}
	if (!fetch(b, c, true, p, size))
		return;
	if (style != ST_C_RAW) {
		buf_printf(b, "[");
		for (i = 0; i < nbits; i++) {
			if (!(p[i / 8] & (1u << (i % 8))))
				continue;
			if (shown == 4 && !o->verbose) {
				buf_printf(b, " ...");
				break;
			}
			if (shown)
				buf_printf(b, " ");
			st_xlat_val(b, t->names, i, t->dflt);
			shown++;
		}
		buf_printf(b, "]");
	}
	if (style == ST_C_ABBREV)
		return;
	buf_printf(b, style == ST_C_VERBOSE ? " /* [" : "[");
	for (i = 0; i < size / 8; i++) {
		if (i)
			buf_printf(b, ", ");
		if (!o->verbose && (int)i == o->strsize) {
			buf_printf(b, "...");
			break;
		}
		buf_printf(b, "%#llx", (unsigned long long)st_u64(p + 8 * i));
	}
	buf_printf(b, style == ST_C_VERBOSE ? "] */" : "]");
}

/* EVIOCGBIT's set by event type; an unknown type's is an address. */
static void bits_of(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		    unsigned ev)
{
	static const struct bits *const by_type[EV_CNT] = {
		[0] = &ev_bits, [EV_KEY] = &key_bits, [EV_REL] = &rel_bits,
		[EV_ABS] = &abs_bits, [EV_MSC] = &msc_bits, [EV_SW] = &sw_bits,
		[EV_LED] = &led_bits, [EV_SND] = &snd_bits, [EV_REP] = &rep_bits,
		[EV_FF] = &ff_bits, [EV_FF_STATUS] = &ff_status_bits,
	};

	if (ev == EV_PWR)
		num(b, c, true, 'd');
	else if (by_type[ev])
		bitset(b, c, o, by_type[ev]);
	else
		addr(b, c->args[2]);
}

/*
 * struct input_mt_request_layout of the request's size: the code, then
 * the values that follow it, -s of them without -v, up to the first
 * that cannot be read.
 */
static void mtslots(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	size_t n = _IOC_SIZE((unsigned)c->args[1]) / 4, have, i;
	unsigned char *p;

	if (!n) {
		addr(b, c->args[2]);
		return;
	}
	p = malloc(n * 4);
	if (!p) {
		addr(b, c->args[2]);
		return;
	}
	if (!fetch(b, c, true, p, 4)) {
		free(p);
		return;
	}
	have = st_ioctl_struct(c, true, p, n * 4) / 4;
	buf_printf(b, "{code=");
	st_xlat_val(b, mt_codes, st_u32(p), "ABS_MT_???");
	buf_printf(b, ", values=");
	for (i = 1; i < n; i++) {
		if (i >= have) {
			if (i == 1)
				addr(b, c->args[2] + 4);
			else
				buf_printf(b, ", ... /* %#llx */]",
					   (unsigned long long)(c->args[2] + 4 * i));
			break;
		}
		buf_printf(b, i == 1 ? "[" : ", ");
		if (!o->verbose && i - 1 == (size_t)o->strsize) {
			buf_printf(b, "...]");
			break;
		}
		buf_printf(b, "%d", (int)st_u32(p + 4 * i));
		if (i == n - 1)
			buf_printf(b, "]");
	}
	if (n == 1)
		buf_printf(b, "[]");
	buf_printf(b, "}");
	free(p);
}

/* EVIOCGNAME, EVIOCGPHYS, EVIOCGUNIQ: as many bytes as the call returned. */
static void string(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint64_t len = (uint64_t)c->ret;
	size_t want = len < (uint64_t)o->strsize + 1 ? (size_t)len : (size_t)o->strsize + 1;
	unsigned char *p;

	if (st_call_failed(c) || !c->args[2]) {
		addr(b, c->args[2]);
		return;
	}
	p = malloc(want + 1);
	if (!p || st_ioctl_struct(c, true, p, want) < want) {
		addr(b, c->args[2]);
		free(p);
		return;
	}
	st_quote(b, p, want < (size_t)o->strsize ? want : (size_t)o->strsize,
		 len > (uint64_t)o->strsize, o->xstyle);
	free(p);
}

static void read_request(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned code = (unsigned)c->args[1], nr = _IOC_NR(code);

	switch (code) {
	case EVIOCGVERSION:
		num(b, c, true, 'x');
		return;
	case EVIOCGEFFECTS:
		num(b, c, true, 'u');
		return;
	case EVIOCGID:
		input_id(b, c);
		return;
	case EVIOCGREP:
		pair(b, c, true);
		return;
	case EVIOCGKEYCODE:
		keycode(b, c, true);
		return;
	case EVIOCGKEYCODE_V2:
		keymap_entry(b, c, true, o);
		return;
	}
	switch (nr) {
	case _IOC_NR(EVIOCGMTSLOTS(0)):
		mtslots(b, c, o);
		return;
	case _IOC_NR(EVIOCGNAME(0)):
	case _IOC_NR(EVIOCGPHYS(0)):
	case _IOC_NR(EVIOCGUNIQ(0)):
		string(b, c, o);
		return;
	case _IOC_NR(EVIOCGPROP(0)):
		bitset(b, c, o, &prop_bits);
		return;
	case _IOC_NR(EVIOCGSND(0)):
		bitset(b, c, o, &snd_bits);
		return;
	case _IOC_NR(EVIOCGSW(0)):
		bitset(b, c, o, &sw_bits);
		return;
	case _IOC_NR(EVIOCGKEY(0)):
		bitset(b, c, o, &key_bits);
		return;
	case _IOC_NR(EVIOCGLED(0)):
		bitset(b, c, o, &led_bits);
		return;
	}
	if ((nr & ~ABS_MAX) == _IOC_NR(EVIOCGABS(0)))
		absinfo(b, c, true, o);
	else if ((nr & ~EV_MAX) == _IOC_NR(EVIOCGBIT(0, 0)))
		bits_of(b, c, o, nr & EV_MAX);
	else
		addr(b, c->args[2]);
}

static void envelope(struct buf *b, const struct ff_envelope *e)
{
	buf_printf(b, ", envelope={attack_length=%u, attack_level=%u, fade_length=%u, "
		   "fade_level=%#x}", e->attack_length, e->attack_level, e->fade_length,
		   e->fade_level);
}

/* struct ff_effect: the fields of the union its type selects, under -v. */
static void ff_effect(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct ff_effect f;

	if (!fetch(b, c, false, &f, sizeof(f)))
		return;
	buf_printf(b, "{type=");
	st_xlat_val(b, ff_types, f.type, "FF_???");
	buf_printf(b, ", id=%d, direction=%u, ", f.id, f.direction);
	if (!o->verbose) {
		buf_printf(b, "...}");
		return;
	}
	buf_printf(b, "trigger={button=%u, interval=%u}, replay={length=%u, delay=%u}",
		   f.trigger.button, f.trigger.interval, f.replay.length, f.replay.delay);
	switch (f.type) {
	case FF_CONSTANT:
		buf_printf(b, ", constant={level=%d", f.u.constant.level);
		envelope(b, &f.u.constant.envelope);
		buf_printf(b, "}");
		break;
	case FF_RAMP:
		buf_printf(b, ", ramp={start_level=%d, end_level=%d", f.u.ramp.start_level,
			   f.u.ramp.end_level);
		envelope(b, &f.u.ramp.envelope);
		buf_printf(b, "}");
		break;
	case FF_PERIODIC:
		buf_printf(b, ", periodic={waveform=%u, period=%u, magnitude=%d, offset=%d, "
			   "phase=%u", f.u.periodic.waveform, f.u.periodic.period,
			   f.u.periodic.magnitude, f.u.periodic.offset, f.u.periodic.phase);
		envelope(b, &f.u.periodic.envelope);
		buf_printf(b, ", custom_len=%u, custom_data=", f.u.periodic.custom_len);
		addr(b, (uint64_t)(uintptr_t)f.u.periodic.custom_data);
		buf_printf(b, "}");
		break;
	case FF_RUMBLE:
		buf_printf(b, ", rumble={strong_magnitude=%u, weak_magnitude=%u}",
			   f.u.rumble.strong_magnitude, f.u.rumble.weak_magnitude);
		break;
	}
	buf_printf(b, "}");
}

static void write_request(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned code = (unsigned)c->args[1];

	switch (code) {
	case EVIOCSREP:
		pair(b, c, false);
		return;
	case EVIOCSKEYCODE:
		keycode(b, c, false);
		return;
	case EVIOCSKEYCODE_V2:
		keymap_entry(b, c, false, o);
		return;
	case EVIOCRMFF:
		buf_printf(b, "%d", (int)c->args[2]);
		return;
	case EVIOCGRAB:
	case EVIOCREVOKE:
		buf_printf(b, "%llu", (unsigned long long)c->args[2]);
		return;
	case EVIOCSCLOCKID:
		num(b, c, false, 'u');
		return;
	case EVIOCSFF:
		ff_effect(b, c, o);
		return;
	}
	if ((_IOC_NR(code) & ~ABS_MAX) == _IOC_NR(EVIOCSABS(0)))
		absinfo(b, c, false, o);
	else
		addr(b, c->args[2]);
}

/* Requests read or written: decoded, or their address; the others not. */
static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	switch (_IOC_DIR((unsigned)c->args[1])) {
	case _IOC_READ:
		read_request(b, c, o);
		return true;
	case _IOC_WRITE:
		write_request(b, c, o);
		return true;
	default:
		return false;
	}
}

const struct st_ioc_family st_ioc_evdev = { .type = 'E', .decode = decode };
