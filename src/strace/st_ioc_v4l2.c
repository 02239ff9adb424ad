/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the Video4Linux2 requests (type 'V', linux/videodev2.h)
 * as strace decodes them.  A request strace names but does not decode
 * prints its argument as a number (0, not NULL).  What the call reads is
 * shown as it was at entry, what it answers (after a success) as it was
 * at exit; structs longer than ST_IOCTL_READ are read on from the task.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <linux/videodev2.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* Names strace knows that these headers no longer define. */
#ifndef V4L2_BUF_FLAG_INPUT
#define V4L2_BUF_FLAG_INPUT 0x0200
#endif
#ifndef V4L2_CID_HCENTER
#define V4L2_CID_HCENTER (V4L2_CID_BASE + 22)
#define V4L2_CID_VCENTER (V4L2_CID_BASE + 23)
#endif
#ifndef V4L2_CID_MPEG_VIDEO_MPEG2_SLICE_PARAMS
#define V4L2_CID_MPEG_VIDEO_MPEG2_SLICE_PARAMS (V4L2_CID_CODEC_BASE + 250)
#define V4L2_CID_MPEG_VIDEO_MPEG2_QUANTIZATION (V4L2_CID_CODEC_BASE + 251)
#endif

static const struct st_xlat buf_flags[] = {
	X(V4L2_BUF_FLAG_MAPPED), X(V4L2_BUF_FLAG_QUEUED), X(V4L2_BUF_FLAG_DONE),
	X(V4L2_BUF_FLAG_KEYFRAME), X(V4L2_BUF_FLAG_PFRAME), X(V4L2_BUF_FLAG_BFRAME),
	X(V4L2_BUF_FLAG_ERROR), X(V4L2_BUF_FLAG_IN_REQUEST), X(V4L2_BUF_FLAG_TIMECODE),
	X(V4L2_BUF_FLAG_INPUT), X(V4L2_BUF_FLAG_PREPARED),
	X(V4L2_BUF_FLAG_NO_CACHE_INVALIDATE), X(V4L2_BUF_FLAG_NO_CACHE_CLEAN),
	X(V4L2_BUF_FLAG_LAST), X(V4L2_BUF_FLAG_REQUEST_FD), END,
};

static const struct st_xlat buf_flags_ts_src[] = {
	X(V4L2_BUF_FLAG_TSTAMP_SRC_EOF), X(V4L2_BUF_FLAG_TSTAMP_SRC_SOE), END,
};

static const struct st_xlat buf_flags_ts_type[] = {
	X(V4L2_BUF_FLAG_TIMESTAMP_UNKNOWN), X(V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC),
	X(V4L2_BUF_FLAG_TIMESTAMP_COPY), END,
};

static const struct st_xlat buf_types[] = {
	X(V4L2_BUF_TYPE_VIDEO_CAPTURE), X(V4L2_BUF_TYPE_VIDEO_OUTPUT),
	X(V4L2_BUF_TYPE_VIDEO_OVERLAY), X(V4L2_BUF_TYPE_VBI_CAPTURE),
	X(V4L2_BUF_TYPE_VBI_OUTPUT), X(V4L2_BUF_TYPE_SLICED_VBI_CAPTURE),
	X(V4L2_BUF_TYPE_SLICED_VBI_OUTPUT), X(V4L2_BUF_TYPE_VIDEO_OUTPUT_OVERLAY),
	X(V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE), X(V4L2_BUF_TYPE_VIDEO_OUTPUT_MPLANE),
	X(V4L2_BUF_TYPE_SDR_CAPTURE), X(V4L2_BUF_TYPE_SDR_OUTPUT),
	X(V4L2_BUF_TYPE_META_CAPTURE), X(V4L2_BUF_TYPE_META_OUTPUT), END,
};

static const struct st_xlat capture_modes[] = {
	X(V4L2_MODE_HIGHQUALITY), END,
};

static const struct st_xlat colorspaces[] = {
	X(V4L2_COLORSPACE_DEFAULT), X(V4L2_COLORSPACE_SMPTE170M),
	X(V4L2_COLORSPACE_SMPTE240M), X(V4L2_COLORSPACE_REC709),
	X(V4L2_COLORSPACE_BT878), X(V4L2_COLORSPACE_470_SYSTEM_M),
	X(V4L2_COLORSPACE_470_SYSTEM_BG), X(V4L2_COLORSPACE_JPEG),
	X(V4L2_COLORSPACE_SRGB), X(V4L2_COLORSPACE_OPRGB), X(V4L2_COLORSPACE_BT2020),
	X(V4L2_COLORSPACE_RAW), X(V4L2_COLORSPACE_DCI_P3), END,
};

static const struct st_xlat control_classes[] = {
	X(V4L2_CTRL_CLASS_USER), X(V4L2_CTRL_CLASS_CODEC), X(V4L2_CTRL_CLASS_CAMERA),
	X(V4L2_CTRL_CLASS_FM_TX), X(V4L2_CTRL_CLASS_FLASH), X(V4L2_CTRL_CLASS_JPEG),
	X(V4L2_CTRL_CLASS_IMAGE_SOURCE), X(V4L2_CTRL_CLASS_IMAGE_PROC),
	X(V4L2_CTRL_CLASS_DV), X(V4L2_CTRL_CLASS_FM_RX), X(V4L2_CTRL_CLASS_RF_TUNER),
	X(V4L2_CTRL_CLASS_DETECT), X(V4L2_CTRL_CLASS_CODEC_STATELESS),
	X(V4L2_CTRL_CLASS_COLORIMETRY), END,
};

static const struct st_xlat control_flags[] = {
	X(V4L2_CTRL_FLAG_DISABLED), X(V4L2_CTRL_FLAG_GRABBED),
	X(V4L2_CTRL_FLAG_READ_ONLY), X(V4L2_CTRL_FLAG_UPDATE),
	X(V4L2_CTRL_FLAG_INACTIVE), X(V4L2_CTRL_FLAG_SLIDER),
	X(V4L2_CTRL_FLAG_WRITE_ONLY), X(V4L2_CTRL_FLAG_VOLATILE),
	X(V4L2_CTRL_FLAG_HAS_PAYLOAD), X(V4L2_CTRL_FLAG_EXECUTE_ON_WRITE),
	X(V4L2_CTRL_FLAG_MODIFY_LAYOUT), END,
};

static const struct st_xlat control_ids[] = {
	X(V4L2_CID_BRIGHTNESS), X(V4L2_CID_CONTRAST), X(V4L2_CID_SATURATION),
	X(V4L2_CID_HUE), X(V4L2_CID_AUDIO_VOLUME), X(V4L2_CID_AUDIO_BALANCE),
	X(V4L2_CID_AUDIO_BASS), X(V4L2_CID_AUDIO_TREBLE), X(V4L2_CID_AUDIO_MUTE),
	X(V4L2_CID_AUDIO_LOUDNESS), X(V4L2_CID_BLACK_LEVEL),
	X(V4L2_CID_AUTO_WHITE_BALANCE), X(V4L2_CID_DO_WHITE_BALANCE),
	X(V4L2_CID_RED_BALANCE), X(V4L2_CID_BLUE_BALANCE), X(V4L2_CID_GAMMA),
	X(V4L2_CID_EXPOSURE), X(V4L2_CID_AUTOGAIN), X(V4L2_CID_GAIN),
	X(V4L2_CID_HFLIP), X(V4L2_CID_VFLIP), X(V4L2_CID_HCENTER), X(V4L2_CID_VCENTER),
	X(V4L2_CID_POWER_LINE_FREQUENCY), X(V4L2_CID_HUE_AUTO),
	X(V4L2_CID_WHITE_BALANCE_TEMPERATURE), X(V4L2_CID_SHARPNESS),
	X(V4L2_CID_BACKLIGHT_COMPENSATION), X(V4L2_CID_CHROMA_AGC),
	X(V4L2_CID_COLOR_KILLER), X(V4L2_CID_COLORFX), X(V4L2_CID_AUTOBRIGHTNESS),
	X(V4L2_CID_BAND_STOP_FILTER), X(V4L2_CID_ROTATE), X(V4L2_CID_BG_COLOR),
	X(V4L2_CID_CHROMA_GAIN), X(V4L2_CID_ILLUMINATORS_1),
	X(V4L2_CID_ILLUMINATORS_2), X(V4L2_CID_MIN_BUFFERS_FOR_CAPTURE),
	X(V4L2_CID_MIN_BUFFERS_FOR_OUTPUT), X(V4L2_CID_ALPHA_COMPONENT),
	X(V4L2_CID_COLORFX_CBCR), X(V4L2_CID_MPEG_STREAM_TYPE),
	X(V4L2_CID_MPEG_STREAM_PID_PMT), X(V4L2_CID_MPEG_STREAM_PID_AUDIO),
	X(V4L2_CID_MPEG_STREAM_PID_VIDEO), X(V4L2_CID_MPEG_STREAM_PID_PCR),
	X(V4L2_CID_MPEG_STREAM_PES_ID_AUDIO), X(V4L2_CID_MPEG_STREAM_PES_ID_VIDEO),
	X(V4L2_CID_MPEG_STREAM_VBI_FMT), X(V4L2_CID_MPEG_AUDIO_SAMPLING_FREQ),
	X(V4L2_CID_MPEG_AUDIO_ENCODING), X(V4L2_CID_MPEG_AUDIO_L1_BITRATE),
	X(V4L2_CID_MPEG_AUDIO_L2_BITRATE), X(V4L2_CID_MPEG_AUDIO_L3_BITRATE),
	X(V4L2_CID_MPEG_AUDIO_MODE), X(V4L2_CID_MPEG_AUDIO_MODE_EXTENSION),
	X(V4L2_CID_MPEG_AUDIO_EMPHASIS), X(V4L2_CID_MPEG_AUDIO_CRC),
	X(V4L2_CID_MPEG_AUDIO_MUTE), X(V4L2_CID_MPEG_AUDIO_AAC_BITRATE),
	X(V4L2_CID_MPEG_AUDIO_AC3_BITRATE), X(V4L2_CID_MPEG_AUDIO_DEC_PLAYBACK),
	X(V4L2_CID_MPEG_AUDIO_DEC_MULTILINGUAL_PLAYBACK),
	X(V4L2_CID_MPEG_VIDEO_ENCODING), X(V4L2_CID_MPEG_VIDEO_ASPECT),
	X(V4L2_CID_MPEG_VIDEO_B_FRAMES), X(V4L2_CID_MPEG_VIDEO_GOP_SIZE),
	X(V4L2_CID_MPEG_VIDEO_GOP_CLOSURE), X(V4L2_CID_MPEG_VIDEO_PULLDOWN),
	X(V4L2_CID_MPEG_VIDEO_BITRATE_MODE), X(V4L2_CID_MPEG_VIDEO_BITRATE),
	X(V4L2_CID_MPEG_VIDEO_BITRATE_PEAK),
	X(V4L2_CID_MPEG_VIDEO_TEMPORAL_DECIMATION), X(V4L2_CID_MPEG_VIDEO_MUTE),
	X(V4L2_CID_MPEG_VIDEO_MUTE_YUV),
	X(V4L2_CID_MPEG_VIDEO_DECODER_SLICE_INTERFACE),
	X(V4L2_CID_MPEG_VIDEO_DECODER_MPEG4_DEBLOCK_FILTER),
	X(V4L2_CID_MPEG_VIDEO_CYCLIC_INTRA_REFRESH_MB),
	X(V4L2_CID_MPEG_VIDEO_FRAME_RC_ENABLE), X(V4L2_CID_MPEG_VIDEO_HEADER_MODE),
	X(V4L2_CID_MPEG_VIDEO_MAX_REF_PIC), X(V4L2_CID_MPEG_VIDEO_MB_RC_ENABLE),
	X(V4L2_CID_MPEG_VIDEO_MULTI_SLICE_MAX_BYTES),
	X(V4L2_CID_MPEG_VIDEO_MULTI_SLICE_MAX_MB),
	X(V4L2_CID_MPEG_VIDEO_MULTI_SLICE_MODE), X(V4L2_CID_MPEG_VIDEO_VBV_SIZE),
	X(V4L2_CID_MPEG_VIDEO_DEC_PTS), X(V4L2_CID_MPEG_VIDEO_DEC_FRAME),
	X(V4L2_CID_MPEG_VIDEO_VBV_DELAY), X(V4L2_CID_MPEG_VIDEO_REPEAT_SEQ_HEADER),
	X(V4L2_CID_MPEG_VIDEO_MV_H_SEARCH_RANGE),
	X(V4L2_CID_MPEG_VIDEO_MV_V_SEARCH_RANGE),
	X(V4L2_CID_MPEG_VIDEO_FORCE_KEY_FRAME),
	X(V4L2_CID_MPEG_VIDEO_BASELAYER_PRIORITY_ID),
	X(V4L2_CID_MPEG_VIDEO_AU_DELIMITER), X(V4L2_CID_MPEG_VIDEO_LTR_COUNT),
	X(V4L2_CID_MPEG_VIDEO_FRAME_LTR_INDEX), X(V4L2_CID_MPEG_VIDEO_USE_LTR_FRAMES),
	X(V4L2_CID_MPEG_VIDEO_DEC_CONCEAL_COLOR),
	X(V4L2_CID_MPEG_VIDEO_INTRA_REFRESH_PERIOD),
	X(V4L2_CID_MPEG_VIDEO_INTRA_REFRESH_PERIOD_TYPE),
	X(V4L2_CID_MPEG_VIDEO_MPEG2_SLICE_PARAMS),
	X(V4L2_CID_MPEG_VIDEO_MPEG2_QUANTIZATION), X(V4L2_CID_FWHT_I_FRAME_QP),
	X(V4L2_CID_FWHT_P_FRAME_QP), X(V4L2_CID_MPEG_VIDEO_H263_I_FRAME_QP),
	X(V4L2_CID_MPEG_VIDEO_H263_P_FRAME_QP), X(V4L2_CID_MPEG_VIDEO_H263_B_FRAME_QP),
	X(V4L2_CID_MPEG_VIDEO_H263_MIN_QP), X(V4L2_CID_MPEG_VIDEO_H263_MAX_QP),
	X(V4L2_CID_MPEG_VIDEO_H264_I_FRAME_QP), X(V4L2_CID_MPEG_VIDEO_H264_P_FRAME_QP),
	X(V4L2_CID_MPEG_VIDEO_H264_B_FRAME_QP), X(V4L2_CID_MPEG_VIDEO_H264_MIN_QP),
	X(V4L2_CID_MPEG_VIDEO_H264_MAX_QP), X(V4L2_CID_MPEG_VIDEO_H264_8X8_TRANSFORM),
	X(V4L2_CID_MPEG_VIDEO_H264_CPB_SIZE), X(V4L2_CID_MPEG_VIDEO_H264_ENTROPY_MODE),
	X(V4L2_CID_MPEG_VIDEO_H264_I_PERIOD), X(V4L2_CID_MPEG_VIDEO_H264_LEVEL),
	X(V4L2_CID_MPEG_VIDEO_H264_LOOP_FILTER_ALPHA),
	X(V4L2_CID_MPEG_VIDEO_H264_LOOP_FILTER_BETA),
	X(V4L2_CID_MPEG_VIDEO_H264_LOOP_FILTER_MODE),
	X(V4L2_CID_MPEG_VIDEO_H264_PROFILE),
	X(V4L2_CID_MPEG_VIDEO_H264_VUI_EXT_SAR_HEIGHT),
	X(V4L2_CID_MPEG_VIDEO_H264_VUI_EXT_SAR_WIDTH),
	X(V4L2_CID_MPEG_VIDEO_H264_VUI_SAR_ENABLE),
	X(V4L2_CID_MPEG_VIDEO_H264_VUI_SAR_IDC),
	X(V4L2_CID_MPEG_VIDEO_H264_SEI_FRAME_PACKING),
	X(V4L2_CID_MPEG_VIDEO_H264_SEI_FP_CURRENT_FRAME_0),
	X(V4L2_CID_MPEG_VIDEO_H264_SEI_FP_ARRANGEMENT_TYPE),
	X(V4L2_CID_MPEG_VIDEO_H264_FMO), X(V4L2_CID_MPEG_VIDEO_H264_FMO_MAP_TYPE),
	X(V4L2_CID_MPEG_VIDEO_H264_FMO_SLICE_GROUP),
	X(V4L2_CID_MPEG_VIDEO_H264_FMO_CHANGE_DIRECTION),
	X(V4L2_CID_MPEG_VIDEO_H264_FMO_CHANGE_RATE),
	X(V4L2_CID_MPEG_VIDEO_H264_FMO_RUN_LENGTH), X(V4L2_CID_MPEG_VIDEO_H264_ASO),
	X(V4L2_CID_MPEG_VIDEO_H264_ASO_SLICE_ORDER),
	X(V4L2_CID_MPEG_VIDEO_H264_HIERARCHICAL_CODING),
	X(V4L2_CID_MPEG_VIDEO_H264_HIERARCHICAL_CODING_TYPE),
	X(V4L2_CID_MPEG_VIDEO_H264_HIERARCHICAL_CODING_LAYER),
	X(V4L2_CID_MPEG_VIDEO_H264_HIERARCHICAL_CODING_LAYER_QP),
	X(V4L2_CID_MPEG_VIDEO_H264_CONSTRAINED_INTRA_PREDICTION),
	X(V4L2_CID_MPEG_VIDEO_H264_CHROMA_QP_INDEX_OFFSET),
	X(V4L2_CID_MPEG_VIDEO_H264_I_FRAME_MIN_QP),
	X(V4L2_CID_MPEG_VIDEO_H264_I_FRAME_MAX_QP),
	X(V4L2_CID_MPEG_VIDEO_H264_P_FRAME_MIN_QP),
	X(V4L2_CID_MPEG_VIDEO_H264_P_FRAME_MAX_QP),
	X(V4L2_CID_MPEG_VIDEO_H264_B_FRAME_MIN_QP),
	X(V4L2_CID_MPEG_VIDEO_H264_B_FRAME_MAX_QP),
	X(V4L2_CID_MPEG_VIDEO_H264_HIER_CODING_L0_BR),
	X(V4L2_CID_MPEG_VIDEO_H264_HIER_CODING_L1_BR),
	X(V4L2_CID_MPEG_VIDEO_H264_HIER_CODING_L2_BR),
	X(V4L2_CID_MPEG_VIDEO_H264_HIER_CODING_L3_BR),
	X(V4L2_CID_MPEG_VIDEO_H264_HIER_CODING_L4_BR),
	X(V4L2_CID_MPEG_VIDEO_H264_HIER_CODING_L5_BR),
	X(V4L2_CID_MPEG_VIDEO_H264_HIER_CODING_L6_BR),
	X(V4L2_CID_MPEG_VIDEO_MPEG4_I_FRAME_QP),
	X(V4L2_CID_MPEG_VIDEO_MPEG4_P_FRAME_QP),
	X(V4L2_CID_MPEG_VIDEO_MPEG4_B_FRAME_QP), X(V4L2_CID_MPEG_VIDEO_MPEG4_MIN_QP),
	X(V4L2_CID_MPEG_VIDEO_MPEG4_MAX_QP), X(V4L2_CID_MPEG_VIDEO_MPEG4_LEVEL),
	X(V4L2_CID_MPEG_VIDEO_MPEG4_PROFILE), X(V4L2_CID_MPEG_VIDEO_MPEG4_QPEL),
	X(V4L2_CID_MPEG_VIDEO_VPX_NUM_PARTITIONS),
	X(V4L2_CID_MPEG_VIDEO_VPX_IMD_DISABLE_4X4),
	X(V4L2_CID_MPEG_VIDEO_VPX_NUM_REF_FRAMES),
	X(V4L2_CID_MPEG_VIDEO_VPX_FILTER_LEVEL),
	X(V4L2_CID_MPEG_VIDEO_VPX_FILTER_SHARPNESS),
	X(V4L2_CID_MPEG_VIDEO_VPX_GOLDEN_FRAME_REF_PERIOD),
	X(V4L2_CID_MPEG_VIDEO_VPX_GOLDEN_FRAME_SEL), X(V4L2_CID_MPEG_VIDEO_VPX_MIN_QP),
	X(V4L2_CID_MPEG_VIDEO_VPX_MAX_QP), X(V4L2_CID_MPEG_VIDEO_VPX_I_FRAME_QP),
	X(V4L2_CID_MPEG_VIDEO_VPX_P_FRAME_QP), X(V4L2_CID_MPEG_VIDEO_VP8_PROFILE),
	X(V4L2_CID_MPEG_VIDEO_VP9_PROFILE), X(V4L2_CID_MPEG_VIDEO_HEVC_MIN_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_MAX_QP), X(V4L2_CID_MPEG_VIDEO_HEVC_I_FRAME_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_P_FRAME_QP), X(V4L2_CID_MPEG_VIDEO_HEVC_B_FRAME_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_TYPE),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_LAYER),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_L0_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_L1_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_L2_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_L3_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_L4_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_L5_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_L6_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_PROFILE), X(V4L2_CID_MPEG_VIDEO_HEVC_LEVEL),
	X(V4L2_CID_MPEG_VIDEO_HEVC_FRAME_RATE_RESOLUTION),
	X(V4L2_CID_MPEG_VIDEO_HEVC_TIER),
	X(V4L2_CID_MPEG_VIDEO_HEVC_MAX_PARTITION_DEPTH),
	X(V4L2_CID_MPEG_VIDEO_HEVC_LOOP_FILTER_MODE),
	X(V4L2_CID_MPEG_VIDEO_HEVC_LF_BETA_OFFSET_DIV2),
	X(V4L2_CID_MPEG_VIDEO_HEVC_LF_TC_OFFSET_DIV2),
	X(V4L2_CID_MPEG_VIDEO_HEVC_REFRESH_TYPE),
	X(V4L2_CID_MPEG_VIDEO_HEVC_REFRESH_PERIOD),
	X(V4L2_CID_MPEG_VIDEO_HEVC_LOSSLESS_CU),
	X(V4L2_CID_MPEG_VIDEO_HEVC_CONST_INTRA_PRED),
	X(V4L2_CID_MPEG_VIDEO_HEVC_WAVEFRONT), X(V4L2_CID_MPEG_VIDEO_HEVC_GENERAL_PB),
	X(V4L2_CID_MPEG_VIDEO_HEVC_TEMPORAL_ID),
	X(V4L2_CID_MPEG_VIDEO_HEVC_STRONG_SMOOTHING),
	X(V4L2_CID_MPEG_VIDEO_HEVC_MAX_NUM_MERGE_MV_MINUS1),
	X(V4L2_CID_MPEG_VIDEO_HEVC_INTRA_PU_SPLIT),
	X(V4L2_CID_MPEG_VIDEO_HEVC_TMV_PREDICTION),
	X(V4L2_CID_MPEG_VIDEO_HEVC_WITHOUT_STARTCODE),
	X(V4L2_CID_MPEG_VIDEO_HEVC_SIZE_OF_LENGTH_FIELD),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_L0_BR),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_L1_BR),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_L2_BR),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_L3_BR),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_L4_BR),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_L5_BR),
	X(V4L2_CID_MPEG_VIDEO_HEVC_HIER_CODING_L6_BR),
	X(V4L2_CID_MPEG_VIDEO_REF_NUMBER_FOR_PFRAMES),
	X(V4L2_CID_MPEG_VIDEO_PREPEND_SPSPPS_TO_IDR),
	X(V4L2_CID_MPEG_VIDEO_CONSTANT_QUALITY),
	X(V4L2_CID_MPEG_VIDEO_FRAME_SKIP_MODE),
	X(V4L2_CID_MPEG_VIDEO_HEVC_I_FRAME_MIN_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_I_FRAME_MAX_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_P_FRAME_MIN_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_P_FRAME_MAX_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_B_FRAME_MIN_QP),
	X(V4L2_CID_MPEG_VIDEO_HEVC_B_FRAME_MAX_QP),
	X(V4L2_CID_MPEG_VIDEO_DEC_DISPLAY_DELAY),
	X(V4L2_CID_MPEG_VIDEO_DEC_DISPLAY_DELAY_ENABLE),
	X(V4L2_CID_MPEG_CX2341X_VIDEO_SPATIAL_FILTER_MODE),
	X(V4L2_CID_MPEG_CX2341X_VIDEO_SPATIAL_FILTER),
	X(V4L2_CID_MPEG_CX2341X_VIDEO_LUMA_SPATIAL_FILTER_TYPE),
	X(V4L2_CID_MPEG_CX2341X_VIDEO_CHROMA_SPATIAL_FILTER_TYPE),
	X(V4L2_CID_MPEG_CX2341X_VIDEO_TEMPORAL_FILTER_MODE),
	X(V4L2_CID_MPEG_CX2341X_VIDEO_TEMPORAL_FILTER),
	X(V4L2_CID_MPEG_CX2341X_VIDEO_MEDIAN_FILTER_TYPE),
	X(V4L2_CID_MPEG_CX2341X_VIDEO_LUMA_MEDIAN_FILTER_BOTTOM),
	X(V4L2_CID_MPEG_CX2341X_VIDEO_LUMA_MEDIAN_FILTER_TOP),
	X(V4L2_CID_MPEG_CX2341X_VIDEO_CHROMA_MEDIAN_FILTER_BOTTOM),
	X(V4L2_CID_MPEG_CX2341X_VIDEO_CHROMA_MEDIAN_FILTER_TOP),
	X(V4L2_CID_MPEG_CX2341X_STREAM_INSERT_NAV_PACKETS),
	X(V4L2_CID_MPEG_MFC51_VIDEO_DECODER_H264_DISPLAY_DELAY),
	X(V4L2_CID_MPEG_MFC51_VIDEO_DECODER_H264_DISPLAY_DELAY_ENABLE),
	X(V4L2_CID_MPEG_MFC51_VIDEO_FRAME_SKIP_MODE),
	X(V4L2_CID_MPEG_MFC51_VIDEO_FORCE_FRAME_TYPE),
	X(V4L2_CID_MPEG_MFC51_VIDEO_PADDING), X(V4L2_CID_MPEG_MFC51_VIDEO_PADDING_YUV),
	X(V4L2_CID_MPEG_MFC51_VIDEO_RC_FIXED_TARGET_BIT),
	X(V4L2_CID_MPEG_MFC51_VIDEO_RC_REACTION_COEFF),
	X(V4L2_CID_MPEG_MFC51_VIDEO_H264_ADAPTIVE_RC_ACTIVITY),
	X(V4L2_CID_MPEG_MFC51_VIDEO_H264_ADAPTIVE_RC_DARK),
	X(V4L2_CID_MPEG_MFC51_VIDEO_H264_ADAPTIVE_RC_SMOOTH),
	X(V4L2_CID_MPEG_MFC51_VIDEO_H264_ADAPTIVE_RC_STATIC),
	X(V4L2_CID_MPEG_MFC51_VIDEO_H264_NUM_REF_PIC_FOR_P), X(V4L2_CID_EXPOSURE_AUTO),
	X(V4L2_CID_EXPOSURE_ABSOLUTE), X(V4L2_CID_EXPOSURE_AUTO_PRIORITY),
	X(V4L2_CID_PAN_RELATIVE), X(V4L2_CID_TILT_RELATIVE), X(V4L2_CID_PAN_RESET),
	X(V4L2_CID_TILT_RESET), X(V4L2_CID_PAN_ABSOLUTE), X(V4L2_CID_TILT_ABSOLUTE),
	X(V4L2_CID_FOCUS_ABSOLUTE), X(V4L2_CID_FOCUS_RELATIVE), X(V4L2_CID_FOCUS_AUTO),
	X(V4L2_CID_ZOOM_ABSOLUTE), X(V4L2_CID_ZOOM_RELATIVE),
	X(V4L2_CID_ZOOM_CONTINUOUS), X(V4L2_CID_PRIVACY), X(V4L2_CID_IRIS_ABSOLUTE),
	X(V4L2_CID_IRIS_RELATIVE), X(V4L2_CID_AUTO_EXPOSURE_BIAS),
	X(V4L2_CID_AUTO_N_PRESET_WHITE_BALANCE), X(V4L2_CID_WIDE_DYNAMIC_RANGE),
	X(V4L2_CID_IMAGE_STABILIZATION), X(V4L2_CID_ISO_SENSITIVITY),
	X(V4L2_CID_ISO_SENSITIVITY_AUTO), X(V4L2_CID_EXPOSURE_METERING),
	X(V4L2_CID_SCENE_MODE), X(V4L2_CID_3A_LOCK), X(V4L2_CID_AUTO_FOCUS_START),
	X(V4L2_CID_AUTO_FOCUS_STOP), X(V4L2_CID_AUTO_FOCUS_STATUS),
	X(V4L2_CID_AUTO_FOCUS_RANGE), X(V4L2_CID_PAN_SPEED), X(V4L2_CID_TILT_SPEED),
	X(V4L2_CID_RDS_TX_DEVIATION), X(V4L2_CID_RDS_TX_PI), X(V4L2_CID_RDS_TX_PTY),
	X(V4L2_CID_RDS_TX_PS_NAME), X(V4L2_CID_RDS_TX_RADIO_TEXT),
	X(V4L2_CID_RDS_TX_MONO_STEREO), X(V4L2_CID_RDS_TX_ARTIFICIAL_HEAD),
	X(V4L2_CID_RDS_TX_COMPRESSED), X(V4L2_CID_RDS_TX_DYNAMIC_PTY),
	X(V4L2_CID_RDS_TX_TRAFFIC_ANNOUNCEMENT), X(V4L2_CID_RDS_TX_TRAFFIC_PROGRAM),
	X(V4L2_CID_RDS_TX_MUSIC_SPEECH), X(V4L2_CID_RDS_TX_ALT_FREQS_ENABLE),
	X(V4L2_CID_RDS_TX_ALT_FREQS), X(V4L2_CID_AUDIO_LIMITER_ENABLED),
	X(V4L2_CID_AUDIO_LIMITER_RELEASE_TIME), X(V4L2_CID_AUDIO_LIMITER_DEVIATION),
	X(V4L2_CID_AUDIO_COMPRESSION_ENABLED), X(V4L2_CID_AUDIO_COMPRESSION_GAIN),
	X(V4L2_CID_AUDIO_COMPRESSION_THRESHOLD),
	X(V4L2_CID_AUDIO_COMPRESSION_ATTACK_TIME),
	X(V4L2_CID_AUDIO_COMPRESSION_RELEASE_TIME), X(V4L2_CID_PILOT_TONE_ENABLED),
	X(V4L2_CID_PILOT_TONE_DEVIATION), X(V4L2_CID_PILOT_TONE_FREQUENCY),
	X(V4L2_CID_TUNE_PREEMPHASIS), X(V4L2_CID_TUNE_POWER_LEVEL),
	X(V4L2_CID_TUNE_ANTENNA_CAPACITOR), X(V4L2_CID_FLASH_LED_MODE),
	X(V4L2_CID_FLASH_STROBE_SOURCE), X(V4L2_CID_FLASH_STROBE),
	X(V4L2_CID_FLASH_STROBE_STOP), X(V4L2_CID_FLASH_STROBE_STATUS),
	X(V4L2_CID_FLASH_TIMEOUT), X(V4L2_CID_FLASH_INTENSITY),
	X(V4L2_CID_FLASH_TORCH_INTENSITY), X(V4L2_CID_FLASH_INDICATOR_INTENSITY),
	X(V4L2_CID_FLASH_FAULT), X(V4L2_CID_FLASH_CHARGE), X(V4L2_CID_FLASH_READY),
	X(V4L2_CID_VBLANK), X(V4L2_CID_HBLANK), X(V4L2_CID_ANALOGUE_GAIN),
	X(V4L2_CID_TEST_PATTERN_RED), X(V4L2_CID_TEST_PATTERN_GREENR),
	X(V4L2_CID_TEST_PATTERN_BLUE), X(V4L2_CID_TEST_PATTERN_GREENB),
	X(V4L2_CID_UNIT_CELL_SIZE), X(V4L2_CID_NOTIFY_GAINS), X(V4L2_CID_LINK_FREQ),
	X(V4L2_CID_PIXEL_RATE), X(V4L2_CID_TEST_PATTERN),
	X(V4L2_CID_DEINTERLACING_MODE), X(V4L2_CID_DIGITAL_GAIN),
	X(V4L2_CID_DV_TX_RGB_RANGE), X(V4L2_CID_DV_TX_IT_CONTENT_TYPE),
	X(V4L2_CID_DV_RX_RGB_RANGE), X(V4L2_CID_DV_RX_IT_CONTENT_TYPE),
	X(V4L2_CID_TUNE_DEEMPHASIS), X(V4L2_CID_RDS_RECEPTION), X(V4L2_CID_RDS_RX_PTY),
	X(V4L2_CID_RDS_RX_PS_NAME), X(V4L2_CID_RDS_RX_RADIO_TEXT),
	X(V4L2_CID_RDS_RX_TRAFFIC_ANNOUNCEMENT), X(V4L2_CID_RDS_RX_TRAFFIC_PROGRAM),
	X(V4L2_CID_RDS_RX_MUSIC_SPEECH), X(V4L2_CID_RF_TUNER_BANDWIDTH_AUTO),
	X(V4L2_CID_RF_TUNER_BANDWIDTH), X(V4L2_CID_RF_TUNER_RF_GAIN),
	X(V4L2_CID_RF_TUNER_LNA_GAIN_AUTO), X(V4L2_CID_RF_TUNER_LNA_GAIN),
	X(V4L2_CID_RF_TUNER_MIXER_GAIN_AUTO), X(V4L2_CID_RF_TUNER_MIXER_GAIN),
	X(V4L2_CID_RF_TUNER_IF_GAIN_AUTO), X(V4L2_CID_RF_TUNER_IF_GAIN),
	X(V4L2_CID_RF_TUNER_PLL_LOCK), X(V4L2_CID_DETECT_MD_MODE),
	X(V4L2_CID_DETECT_MD_GLOBAL_THRESHOLD), X(V4L2_CID_DETECT_MD_THRESHOLD_GRID),
	X(V4L2_CID_DETECT_MD_REGION_GRID), END,
};

static const struct st_xlat control_query_flags[] = {
	X(V4L2_CTRL_FLAG_NEXT_CTRL), X(V4L2_CTRL_FLAG_NEXT_COMPOUND), END,
};

static const struct st_xlat control_types[] = {
	X(V4L2_CTRL_TYPE_INTEGER), X(V4L2_CTRL_TYPE_BOOLEAN), X(V4L2_CTRL_TYPE_MENU),
	X(V4L2_CTRL_TYPE_BUTTON), X(V4L2_CTRL_TYPE_INTEGER64),
	X(V4L2_CTRL_TYPE_CTRL_CLASS), X(V4L2_CTRL_TYPE_STRING),
	X(V4L2_CTRL_TYPE_BITMASK), X(V4L2_CTRL_TYPE_INTEGER_MENU),
	X(V4L2_CTRL_TYPE_U8), X(V4L2_CTRL_TYPE_U16), X(V4L2_CTRL_TYPE_U32),
	X(V4L2_CTRL_TYPE_AREA), X(V4L2_CTRL_TYPE_HDR10_CLL_INFO),
	X(V4L2_CTRL_TYPE_HDR10_MASTERING_DISPLAY), X(V4L2_CTRL_TYPE_H264_SPS),
	X(V4L2_CTRL_TYPE_H264_PPS), X(V4L2_CTRL_TYPE_H264_SCALING_MATRIX),
	X(V4L2_CTRL_TYPE_H264_SLICE_PARAMS), X(V4L2_CTRL_TYPE_H264_DECODE_PARAMS),
	X(V4L2_CTRL_TYPE_H264_PRED_WEIGHTS), X(V4L2_CTRL_TYPE_FWHT_PARAMS),
	X(V4L2_CTRL_TYPE_VP8_FRAME), END,
};

static const struct st_xlat device_capabilities_flags[] = {
	X(V4L2_CAP_VIDEO_CAPTURE), X(V4L2_CAP_VIDEO_OUTPUT), X(V4L2_CAP_VIDEO_OVERLAY),
	X(V4L2_CAP_VBI_CAPTURE), X(V4L2_CAP_VBI_OUTPUT),
	X(V4L2_CAP_SLICED_VBI_CAPTURE), X(V4L2_CAP_SLICED_VBI_OUTPUT),
	X(V4L2_CAP_RDS_CAPTURE), X(V4L2_CAP_VIDEO_OUTPUT_OVERLAY),
	X(V4L2_CAP_HW_FREQ_SEEK), X(V4L2_CAP_RDS_OUTPUT),
	X(V4L2_CAP_VIDEO_CAPTURE_MPLANE), X(V4L2_CAP_VIDEO_OUTPUT_MPLANE),
	X(V4L2_CAP_VIDEO_M2M_MPLANE), X(V4L2_CAP_VIDEO_M2M), X(V4L2_CAP_TUNER),
	X(V4L2_CAP_AUDIO), X(V4L2_CAP_RADIO), X(V4L2_CAP_MODULATOR),
	X(V4L2_CAP_SDR_CAPTURE), X(V4L2_CAP_EXT_PIX_FORMAT), X(V4L2_CAP_SDR_OUTPUT),
	X(V4L2_CAP_META_CAPTURE), X(V4L2_CAP_READWRITE), X(V4L2_CAP_ASYNCIO),
	X(V4L2_CAP_STREAMING), X(V4L2_CAP_META_OUTPUT), X(V4L2_CAP_TOUCH),
	X(V4L2_CAP_DEVICE_CAPS), END,
};

static const struct st_xlat fields[] = {
	X(V4L2_FIELD_ANY), X(V4L2_FIELD_NONE), X(V4L2_FIELD_TOP), X(V4L2_FIELD_BOTTOM),
	X(V4L2_FIELD_INTERLACED), X(V4L2_FIELD_SEQ_TB), X(V4L2_FIELD_SEQ_BT),
	X(V4L2_FIELD_ALTERNATE), X(V4L2_FIELD_INTERLACED_TB),
	X(V4L2_FIELD_INTERLACED_BT), END,
};

static const struct st_xlat format_description_flags[] = {
	X(V4L2_FMT_FLAG_COMPRESSED), X(V4L2_FMT_FLAG_EMULATED),
	X(V4L2_FMT_FLAG_CONTINUOUS_BYTESTREAM), X(V4L2_FMT_FLAG_DYN_RESOLUTION),
	X(V4L2_FMT_FLAG_ENC_CAP_FRAME_INTERVAL), X(V4L2_FMT_FLAG_CSC_COLORSPACE),
	X(V4L2_FMT_FLAG_CSC_XFER_FUNC), X(V4L2_FMT_FLAG_CSC_YCBCR_ENC),
	X(V4L2_FMT_FLAG_CSC_QUANTIZATION), END,
};

static const struct st_xlat frameinterval_types[] = {
	X(V4L2_FRMIVAL_TYPE_DISCRETE), X(V4L2_FRMIVAL_TYPE_CONTINUOUS),
	X(V4L2_FRMIVAL_TYPE_STEPWISE), END,
};

static const struct st_xlat framesize_types[] = {
	X(V4L2_FRMSIZE_TYPE_DISCRETE), X(V4L2_FRMSIZE_TYPE_CONTINUOUS),
	X(V4L2_FRMSIZE_TYPE_STEPWISE), END,
};

static const struct st_xlat input_types[] = {
	X(V4L2_INPUT_TYPE_TUNER), X(V4L2_INPUT_TYPE_CAMERA), X(V4L2_INPUT_TYPE_TOUCH), END,
};

static const struct st_xlat memories[] = {
	X(V4L2_MEMORY_MMAP), X(V4L2_MEMORY_USERPTR), X(V4L2_MEMORY_OVERLAY),
	X(V4L2_MEMORY_DMABUF), END,
};

static const struct st_xlat meta_fmts[] = {
	X(V4L2_META_FMT_VIVID), X(V4L2_META_FMT_UVC), X(V4L2_META_FMT_VSP1_HGO),
	X(V4L2_META_FMT_RK_ISP1_PARAMS), X(V4L2_META_FMT_RK_ISP1_STAT_3A),
	X(V4L2_META_FMT_VSP1_HGT), X(V4L2_META_FMT_D4XX), END,
};

static const struct st_xlat pix_fmts[] = {
	X(V4L2_PIX_FMT_Y10), X(V4L2_PIX_FMT_Y12), X(V4L2_PIX_FMT_Y4),
	X(V4L2_PIX_FMT_Y14), X(V4L2_PIX_FMT_Y6), X(V4L2_PIX_FMT_Y16),
	X(V4L2_PIX_FMT_Z16), X(V4L2_PIX_FMT_UV8), X(V4L2_PIX_FMT_Y8I),
	X(V4L2_PIX_FMT_MR97310A), X(V4L2_PIX_FMT_SN9C10X), X(V4L2_PIX_FMT_SGRBG10),
	X(V4L2_PIX_FMT_SGBRG10), X(V4L2_PIX_FMT_SGRBG10DPCM8), X(V4L2_PIX_FMT_SBGGR10),
	X(V4L2_PIX_FMT_SRGGB10), X(V4L2_PIX_FMT_M420), X(V4L2_PIX_FMT_SN9C20X_I420),
	X(V4L2_PIX_FMT_JL2005BCD), X(V4L2_PIX_FMT_TM6000), X(V4L2_PIX_FMT_STV0680),
	X(V4L2_PIX_FMT_VP8), X(V4L2_PIX_FMT_VP9), X(V4L2_PIX_FMT_SE401),
	X(V4L2_PIX_FMT_SPCA501), X(V4L2_PIX_FMT_OV511), X(V4L2_PIX_FMT_MM21),
	X(V4L2_PIX_FMT_NV21M), X(V4L2_PIX_FMT_YVU420M), X(V4L2_PIX_FMT_MT21C),
	X(V4L2_PIX_FMT_NV21), X(V4L2_PIX_FMT_SPCA561), X(V4L2_PIX_FMT_NV61M),
	X(V4L2_PIX_FMT_YVU422M), X(V4L2_PIX_FMT_NV61), X(V4L2_PIX_FMT_SBGGR8),
	X(V4L2_PIX_FMT_RGB332), X(V4L2_PIX_FMT_H264_NO_SC), X(V4L2_PIX_FMT_PWC1),
	X(V4L2_PIX_FMT_MPEG1), X(V4L2_PIX_FMT_SGRBG12), X(V4L2_PIX_FMT_BGRA444),
	X(V4L2_PIX_FMT_NV12M_8L128), X(V4L2_PIX_FMT_RGBA444), X(V4L2_PIX_FMT_ABGR444),
	X(V4L2_PIX_FMT_SGBRG12), X(V4L2_PIX_FMT_XBGR444), X(V4L2_PIX_FMT_SBGGR12),
	X(V4L2_PIX_FMT_SRGGB12), X(V4L2_PIX_FMT_NV12_16L16), X(V4L2_PIX_FMT_NV12M),
	X(V4L2_PIX_FMT_NV12MT), X(V4L2_PIX_FMT_NV12MT_16X16), X(V4L2_PIX_FMT_YUV420M),
	X(V4L2_PIX_FMT_ARGB444), X(V4L2_PIX_FMT_XRGB444), X(V4L2_PIX_FMT_NV12_32L32),
	X(V4L2_PIX_FMT_NV12_4L4), X(V4L2_PIX_FMT_YUV420), X(V4L2_PIX_FMT_NV12),
	X(V4L2_PIX_FMT_YVU420), X(V4L2_PIX_FMT_BGRX444), X(V4L2_PIX_FMT_RGBX444),
	X(V4L2_PIX_FMT_YVU444M), X(V4L2_PIX_FMT_NV42), X(V4L2_PIX_FMT_PWC2),
	X(V4L2_PIX_FMT_MPEG2), X(V4L2_PIX_FMT_SBGGR16), X(V4L2_PIX_FMT_H263),
	X(V4L2_PIX_FMT_RGB24), X(V4L2_PIX_FMT_BGR24), X(V4L2_PIX_FMT_HSV24),
	X(V4L2_PIX_FMT_YUV24), X(V4L2_PIX_FMT_SGBRG14), X(V4L2_PIX_FMT_SBGGR14),
	X(V4L2_PIX_FMT_SRGGB14), X(V4L2_PIX_FMT_SGRBG14), X(V4L2_PIX_FMT_ARGB32),
	X(V4L2_PIX_FMT_BGRA32), X(V4L2_PIX_FMT_RGBA32), X(V4L2_PIX_FMT_RGBX32),
	X(V4L2_PIX_FMT_HI240), X(V4L2_PIX_FMT_YUV444M), X(V4L2_PIX_FMT_ABGR32),
	X(V4L2_PIX_FMT_XBGR32), X(V4L2_PIX_FMT_NV24), X(V4L2_PIX_FMT_XRGB32),
	X(V4L2_PIX_FMT_BGRX32), X(V4L2_PIX_FMT_RGB444), X(V4L2_PIX_FMT_YUV444),
	X(V4L2_PIX_FMT_H264), X(V4L2_PIX_FMT_H264_MVC), X(V4L2_PIX_FMT_H264_SLICE),
	X(V4L2_PIX_FMT_RGB32), X(V4L2_PIX_FMT_CNF4), X(V4L2_PIX_FMT_MPEG4),
	X(V4L2_PIX_FMT_BGR32), X(V4L2_PIX_FMT_HSV32), X(V4L2_PIX_FMT_YUV32),
	X(V4L2_PIX_FMT_SPCA505), X(V4L2_PIX_FMT_BGRA555), X(V4L2_PIX_FMT_RGBA555),
	X(V4L2_PIX_FMT_ABGR555), X(V4L2_PIX_FMT_XBGR555), X(V4L2_PIX_FMT_ARGB555),
	X(V4L2_PIX_FMT_XRGB555), X(V4L2_PIX_FMT_BGRX555), X(V4L2_PIX_FMT_RGBX555),
	X(V4L2_PIX_FMT_ET61X251), X(V4L2_PIX_FMT_SGBRG16), X(V4L2_PIX_FMT_SRGGB16),
	X(V4L2_PIX_FMT_NV16M), X(V4L2_PIX_FMT_YUV422M), X(V4L2_PIX_FMT_SGRBG16),
	X(V4L2_PIX_FMT_NV16), X(V4L2_PIX_FMT_PAC207), X(V4L2_PIX_FMT_SPCA508),
	X(V4L2_PIX_FMT_OV518), X(V4L2_PIX_FMT_SBGGR10ALAW8),
	X(V4L2_PIX_FMT_SBGGR10DPCM8), X(V4L2_PIX_FMT_SGBRG10ALAW8),
	X(V4L2_PIX_FMT_SGBRG10DPCM8), X(V4L2_PIX_FMT_SRGGB10ALAW8),
	X(V4L2_PIX_FMT_SRGGB10DPCM8), X(V4L2_PIX_FMT_SGRBG10ALAW8),
	X(V4L2_PIX_FMT_PAL8), X(V4L2_PIX_FMT_YVU410), X(V4L2_PIX_FMT_YUV410),
	X(V4L2_PIX_FMT_SBGGR10P), X(V4L2_PIX_FMT_SGBRG10P), X(V4L2_PIX_FMT_SRGGB10P),
	X(V4L2_PIX_FMT_SGRBG10P), X(V4L2_PIX_FMT_CPIA1), X(V4L2_PIX_FMT_WNVA),
	X(V4L2_PIX_FMT_VUYA32), X(V4L2_PIX_FMT_Y10BPACK), X(V4L2_PIX_FMT_SRGGB8),
	X(V4L2_PIX_FMT_QC10C), X(V4L2_PIX_FMT_SQ905C), X(V4L2_PIX_FMT_QC08C),
	X(V4L2_PIX_FMT_SBGGR12P), X(V4L2_PIX_FMT_SGBRG12P), X(V4L2_PIX_FMT_SRGGB12P),
	X(V4L2_PIX_FMT_SGRBG12P), X(V4L2_PIX_FMT_HEVC), X(V4L2_PIX_FMT_XVID),
	X(V4L2_PIX_FMT_SBGGR14P), X(V4L2_PIX_FMT_SGBRG14P), X(V4L2_PIX_FMT_SRGGB14P),
	X(V4L2_PIX_FMT_SGRBG14P), X(V4L2_PIX_FMT_VP8_FRAME), X(V4L2_PIX_FMT_VP9_FRAME),
	X(V4L2_PIX_FMT_VC1_ANNEX_G), X(V4L2_PIX_FMT_IPU3_SGRBG10),
	X(V4L2_PIX_FMT_SGRBG8), X(V4L2_PIX_FMT_JPEG), X(V4L2_PIX_FMT_MPEG),
	X(V4L2_PIX_FMT_MJPEG), X(V4L2_PIX_FMT_PJPG), X(V4L2_PIX_FMT_SGBRG8),
	X(V4L2_PIX_FMT_BGR666), X(V4L2_PIX_FMT_FWHT_STATELESS), X(V4L2_PIX_FMT_Y12I),
	X(V4L2_PIX_FMT_S5C_UYVY_JPG), X(V4L2_PIX_FMT_KONICA420), X(V4L2_PIX_FMT_INZI),
	X(V4L2_PIX_FMT_VC1_ANNEX_L), X(V4L2_PIX_FMT_JPGL), X(V4L2_PIX_FMT_RGB555),
	X(V4L2_PIX_FMT_YUV555), X(V4L2_PIX_FMT_Y10P), X(V4L2_PIX_FMT_YUV411P),
	X(V4L2_PIX_FMT_Y41P), X(V4L2_PIX_FMT_YUV422P), X(V4L2_PIX_FMT_RGB565),
	X(V4L2_PIX_FMT_YUV565), X(V4L2_PIX_FMT_RGB555X), X(V4L2_PIX_FMT_RGB565X),
	X(V4L2_PIX_FMT_MPEG2_SLICE), X(V4L2_PIX_FMT_FWHT), X(V4L2_PIX_FMT_YVYU),
	X(V4L2_PIX_FMT_CIT_YYVYUY), X(V4L2_PIX_FMT_AYUV32), X(V4L2_PIX_FMT_XYUV32),
	X(V4L2_PIX_FMT_YYUV), X(V4L2_PIX_FMT_YUYV), X(V4L2_PIX_FMT_SN9C2028),
	X(V4L2_PIX_FMT_VUYX32), X(V4L2_PIX_FMT_GREY), X(V4L2_PIX_FMT_VYUY),
	X(V4L2_PIX_FMT_UYVY), X(V4L2_PIX_FMT_IPU3_SBGGR10), X(V4L2_PIX_FMT_DV),
	X(V4L2_PIX_FMT_IPU3_SGBRG10), X(V4L2_PIX_FMT_IPU3_SRGGB10),
	X(V4L2_PIX_FMT_IPU3_Y10), X(V4L2_PIX_FMT_Y16_BE),
	X(V4L2_PIX_FMT_NV12M_10BE_8L128), X(V4L2_PIX_FMT_ARGB555X),
	X(V4L2_PIX_FMT_XRGB555X), END,
};

static const struct st_xlat sdr_fmts[] = {
	X(V4L2_SDR_FMT_PCU20BE), X(V4L2_SDR_FMT_RU12LE), X(V4L2_SDR_FMT_CS14LE),
	X(V4L2_SDR_FMT_PCU16BE), X(V4L2_SDR_FMT_CU16LE), X(V4L2_SDR_FMT_CS8),
	X(V4L2_SDR_FMT_CU8), X(V4L2_SDR_FMT_PCU18BE), END,
};

static const struct st_xlat sliced_flags[] = {
	X(V4L2_SLICED_VBI_625), X(V4L2_SLICED_TELETEXT_B), X(V4L2_SLICED_VPS),
	X(V4L2_SLICED_CAPTION_525), X(V4L2_SLICED_WSS_625), END,
};

static const struct st_xlat streaming_capabilities[] = {
	X(V4L2_CAP_TIMEPERFRAME), END,
};

static const struct st_xlat tuner_audmodes[] = {
	X(V4L2_TUNER_MODE_MONO), X(V4L2_TUNER_MODE_STEREO), X(V4L2_TUNER_MODE_LANG2),
	X(V4L2_TUNER_MODE_LANG1), X(V4L2_TUNER_MODE_LANG1_LANG2), END,
};

static const struct st_xlat tuner_capabilities[] = {
	X(V4L2_TUNER_CAP_LOW), X(V4L2_TUNER_CAP_NORM),
	X(V4L2_TUNER_CAP_HWSEEK_BOUNDED), X(V4L2_TUNER_CAP_HWSEEK_WRAP),
	X(V4L2_TUNER_CAP_STEREO), X(V4L2_TUNER_CAP_LANG2), X(V4L2_TUNER_CAP_LANG1),
	X(V4L2_TUNER_CAP_RDS), X(V4L2_TUNER_CAP_RDS_BLOCK_IO),
	X(V4L2_TUNER_CAP_RDS_CONTROLS), X(V4L2_TUNER_CAP_FREQ_BANDS),
	X(V4L2_TUNER_CAP_HWSEEK_PROG_LIM), X(V4L2_TUNER_CAP_1HZ), END,
};

static const struct st_xlat tuner_rxsubchanses[] = {
	X(V4L2_TUNER_SUB_MONO), X(V4L2_TUNER_SUB_STEREO), X(V4L2_TUNER_SUB_LANG2),
	X(V4L2_TUNER_SUB_LANG1), X(V4L2_TUNER_SUB_RDS), END,
};

static const struct st_xlat tuner_types[] = {
	X(V4L2_TUNER_RADIO), X(V4L2_TUNER_ANALOG_TV), X(V4L2_TUNER_DIGITAL_TV),
	X(V4L2_TUNER_SDR), X(V4L2_TUNER_RF), END,
};

static const struct st_xlat vbi_flags[] = {
	X(V4L2_VBI_UNSYNC), X(V4L2_VBI_INTERLACED), END,
};

/* The bits of a control id that ask for the next control (QUERYCTRL). */
#define NEXT_FLAGS (V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CTRL_FLAG_NEXT_COMPOUND)

static void addr(struct buf *b, uint64_t v)
{
	if (v)
		buf_printf(b, "%#llx", (unsigned long long)v);
	else
		buf_printf(b, "NULL");
}

/* The argument's struct as the call saw it at entry or at exit; false if not all of it. */
static bool arg_struct(const struct st_call *c, bool exit, void *out, size_t size)
{
	return c->args[2] && st_ioctl_struct(c, exit, out, size) == size;
}

/* The struct as the call answered it: after a success, if it can be read. */
static bool answer(const struct st_call *c, void *out, size_t size)
{
	return !st_call_failed(c) && arg_struct(c, true, out, size);
}

/* A char array holding a string: up to its NUL, "..." after it when it has none. */
static void cstr(struct buf *b, const char *s, size_t size, const struct st_dopts *o)
{
	size_t n = strnlen(s, size - 1);

	st_quote(b, (const unsigned char *)s, n, n == size - 1 && s[size - 1], o->xstyle);
}

/*
 * len bytes of the task's memory at a as a string, -s of them at most
 * (strace reads one more when there are more): from k, what the BPF
 * program read of them (NULL if nothing), else from the task while it lives.
 */
static void user_str(struct buf *b, const struct st_call *c, const struct st_cap *k,
		     uint64_t a, uint32_t len, const struct st_dopts *o)
{
	unsigned char s[4096];
	size_t max = o->strsize >= 0 && (size_t)o->strsize < sizeof(s) - 1 ? (size_t)o->strsize
		: sizeof(s) - 1;
	size_t want = len < max + 1 ? len : max + 1;

	if (!a) {
		buf_printf(b, "NULL");
		return;
	}
	if (k && k->len >= want)
		memcpy(s, k->data, want);
	else if (st_tracee_read(c->tid, a, s, want, false) < want) {
		addr(b, a);
		return;
	}
	st_quote(b, s, want < max ? want : max, len > max, o->xstyle);
}

/* A pixel format's four characters, and its name where t has one (-X raw: a number). */
static void fourcc(struct buf *b, uint32_t v, const struct st_xlat *t)
{
	const char *n = st_xlat_name(t, v);
	int i;

	if (st_xlat_get_style() == ST_C_RAW) {
		buf_printf(b, "%#x", v);
		return;
	}
	buf_printf(b, "v4l2_fourcc(");
	for (i = 0; i < 4; i++) {
		unsigned char ch = v >> (8 * i);

		buf_printf(b, i ? ", '" : "'");
		if (ch == '\'' || ch == '\\')
			buf_printf(b, "\\%c'", ch);
		else if (ch >= ' ' && ch < 0x7f)
			buf_printf(b, "%c'", ch);
		else
			buf_printf(b, "\\x%02x'", ch);
	}
	buf_printf(b, ")");
	if (n)
		buf_printf(b, " /* %s */", n);
}

static void kernel_version(struct buf *b, uint32_t v)
{
	enum st_cstyle style = st_xlat_get_style();

	if (style != ST_C_ABBREV)
		buf_printf(b, "%#x", v);
	if (style == ST_C_RAW)
		return;
	buf_printf(b, style == ST_C_VERBOSE ? " /* KERNEL_VERSION(%u, %u, %u) */" :
		   "KERNEL_VERSION(%u, %u, %u)", v >> 16, (v >> 8) & 0xff, v & 0xff);
}

static void rect(struct buf *b, const struct v4l2_rect *r)
{
	buf_printf(b, "{left=%d, top=%d, width=%u, height=%u}", r->left, r->top, r->width,
		   r->height);
}

static void fract(struct buf *b, const struct v4l2_fract *f)
{
	buf_printf(b, "%u/%u", f->numerator, f->denominator);
}

/*
 * A control id: its name, else its class's name and the offset in it;
 * next: with the flags that ask for the next control.
 */
static void cid(struct buf *b, uint32_t id, bool next)
{
	uint32_t flags = next ? id & NEXT_FLAGS : 0;
	const struct st_xlat *t, *class = NULL;
	char name[64];

	if (st_xlat_get_style() == ST_C_RAW) {
		buf_printf(b, "%#x", id);
		return;
	}
	if (flags) {
		st_xlat_flags_dflt(b, control_query_flags, flags, "0", "V4L2_CTRL_FLAG_NEXT_???");
		buf_printf(b, "|");
		id &= ~flags;
	}
	if (st_xlat_name(control_ids, id)) {
		st_xlat_val(b, control_ids, id, NULL);
		return;
	}
	for (t = control_classes; t->name; t++)
		if (t->val <= id && (!class || t->val > class->val))
			class = t;
	if (!class || id - class->val >= 0x10000) {
		st_xlat_val(b, (const struct st_xlat[]){ END }, id, "V4L2_CID_???");
		return;
	}
	snprintf(name, sizeof(name), "%s+%#x", class->name, id - (uint32_t)class->val);
	st_xlat_val(b, (const struct st_xlat[]){ { id, name }, END }, id, NULL);
}

/* A buffer's flags: its other flags, then its timestamp's type and source. */
static void buffer_flags(struct buf *b, uint32_t v)
{
	uint32_t type = v & V4L2_BUF_FLAG_TIMESTAMP_MASK, src = v & V4L2_BUF_FLAG_TSTAMP_SRC_MASK;
	uint32_t rest = v & ~type & ~src;

	if (st_xlat_get_style() == ST_C_RAW) {
		buf_printf(b, "%#x", v);
		return;
	}
	if (rest) {
		st_xlat_flags_dflt(b, buf_flags, rest, "0", "V4L2_BUF_FLAG_???");
		buf_printf(b, "|");
	}
	st_xlat_val(b, buf_flags_ts_type, type, "V4L2_BUF_FLAG_TIMESTAMP_???");
	buf_printf(b, "|");
	st_xlat_val(b, buf_flags_ts_src, src, "V4L2_BUF_FLAG_TSTAMP_SRC_???");
}

/*
 * What the BPF program reads past the struct (st_ioc_v4l2_capture()):
 * ARRAY_READ bytes of the array it points to, in two records (up to the
 * array's first page end, and the rest), then the strings of the first
 * STRINGS_READ extended controls, STRING_READ bytes at most each.
 */
#define ARRAY_READ 768
#define STRINGS_READ 8
#define STRING_READ 256
#define IDX_ARRAY ST_V4L2_IDX
#define IDX_ARRAY_REST (ST_V4L2_IDX + 1)
#define IDX_STRING(k) (ST_V4L2_IDX + 2 + (k))

/* The capture of argument 2 numbered idx, at entry or exit; NULL if none. */
static const struct st_cap *capture(const struct st_call *c, bool exit, int idx)
{
	return st_cap_find(c, exit ? ST_L_IOCTL_OUT : ST_L_IOCTL, 2, idx);
}

/*
 * size bytes at off in the array at a that the struct points to: from
 * what the BPF program read with the struct, else from the task while it
 * lives.  False if they cannot be read.
 */
static bool array_bytes(const struct st_call *c, bool exit, uint64_t a, uint64_t off,
			unsigned char *out, size_t size)
{
	const struct st_cap *k = capture(c, exit, IDX_ARRAY);
	const struct st_cap *rest = capture(c, exit, IDX_ARRAY_REST);
	size_t first = k ? k->len : 0, more = k && rest ? rest->len : 0, i;

	if (off + size > first + more)
		return st_tracee_read(c->tid, a + off, out, size, false) == size;
	for (i = 0; i < size; i++)
		out[i] = off + i < first ? k->data[off + i] : rest->data[off + i - first];
	return true;
}

void st_ioc_v4l2_capture(struct buf *b, char l, int strsize)
{
	int k, s = strsize >= 0 && strsize + 1 < STRING_READ ? strsize + 1 : STRING_READ;
	size_t ctl = sizeof(struct v4l2_ext_control);

	/* A window's clips: in a format (G_FMT, S_FMT, TRY_FMT) or CREATE_BUFS's. */
	buf_printf(b, "$p = 0; $n = 0; $z = 0; "
		   "if ($v == %u || $v == %u || $v == %u) { $w = *(uint32 *)$a; "
		   "if ($w == %d || $w == %d) { $p = *($a + %zu); $n = *(uint32 *)($a + %zu); } } ",
		   (unsigned)VIDIOC_G_FMT, (unsigned)VIDIOC_S_FMT, (unsigned)VIDIOC_TRY_FMT,
		   V4L2_BUF_TYPE_VIDEO_OVERLAY, V4L2_BUF_TYPE_VIDEO_OUTPUT_OVERLAY,
		   offsetof(struct v4l2_format, fmt.win.clips),
		   offsetof(struct v4l2_format, fmt.win.clipcount));
	buf_printf(b, "if ($v == %u) { $w = *(uint32 *)($a + %zu); "
		   "if ($w == %d || $w == %d) { $p = *($a + %zu); $n = *(uint32 *)($a + %zu); } } "
		   "$n = $n * %zu; ",
		   (unsigned)VIDIOC_CREATE_BUFS, offsetof(struct v4l2_create_buffers, format.type),
		   V4L2_BUF_TYPE_VIDEO_OVERLAY, V4L2_BUF_TYPE_VIDEO_OUTPUT_OVERLAY,
		   offsetof(struct v4l2_create_buffers, format.fmt.win.clips),
		   offsetof(struct v4l2_create_buffers, format.fmt.win.clipcount),
		   sizeof(struct v4l2_clip));
	/* Extended controls. */
	buf_printf(b, "if ($v == %u || $v == %u || $v == %u) { $p = *($a + %zu); "
		   "$n = *(uint32 *)($a + %zu) * %zu; $z = 1; } ",
		   (unsigned)VIDIOC_G_EXT_CTRLS, (unsigned)VIDIOC_S_EXT_CTRLS,
		   (unsigned)VIDIOC_TRY_EXT_CTRLS,
		   offsetof(struct v4l2_ext_controls, controls),
		   offsetof(struct v4l2_ext_controls, count), ctl);
	buf_printf(b, "if ($n > %d) { $n = %d; } "
		   "if ($p && $n) { $f = 4096 - ($p & 4095); if ($f > $n) { $f = $n; } "
		   "printf(\"c%c2 %%d %%d %%r\", $t, %d, buf($p, $f)); "
		   "if ($n > $f) { "
		   "printf(\"c%c2 %%d %%d %%r\", $t, %d, buf($p + $f, $n - $f)); } } ",
		   ARRAY_READ, ARRAY_READ, l, IDX_ARRAY, l, IDX_ARRAY_REST);
	buf_printf(b, "if ($z && $p) { ");
	for (k = 0; k < STRINGS_READ; k++)
		buf_printf(b, "if ($n >= %zu) { $l = *(uint32 *)($p + %zu); if ($l > 0) { "
			   "if ($l > %d) { $l = %d; } $q = *($p + %zu); "
			   "if ($q) { printf(\"c%c2 %%d %%d %%r\", $t, %d, buf($q, $l)); } } } ",
			   (k + 1) * ctl, k * ctl + offsetof(struct v4l2_ext_control, size), s, s,
			   k * ctl + offsetof(struct v4l2_ext_control, string), l, IDX_STRING(k));
	buf_printf(b, "} ");
}

typedef void elem_fn(struct buf *b, const struct st_call *c, bool exit, uint32_t idx,
		     const void *e, const struct st_dopts *o);

/*
 * n elements of size bytes at a, the array the struct the call saw at
 * entry or at exit points to, as strace prints an array (NULL, [], cut
 * at -s without -v, the address where it cannot be read); whether all
 * of it was shown or cut at -s.
 */
static bool array(struct buf *b, const struct st_call *c, bool exit, uint64_t a, uint32_t n,
		  size_t size, elem_fn *print, const struct st_dopts *o)
{
	unsigned char e[64];
	uint32_t i;

	if (!a) {
		buf_printf(b, "NULL");
		return false;
	}
	if (!n) {
		buf_printf(b, "[]");
		return false;
	}
	if (a + (uint64_t)n * size <= a) {
		addr(b, a);
		return false;
	}
	for (i = 0; i < n; i++) {
		uint64_t off = (uint64_t)i * size;

		if (i)
			buf_printf(b, ", ");
		if (!array_bytes(c, exit, a, off, e, size)) {
			if (i)
				buf_printf(b, "... /* %#llx */]", (unsigned long long)(a + off));
			else
				addr(b, a);
			return false;
		}
		if (!i)
			buf_printf(b, "[");
		if (!o->verbose && o->strsize >= 0 && i >= (uint32_t)o->strsize) {
			buf_printf(b, "...]");
			return true;
		}
		print(b, c, exit, i, e, o);
	}
	buf_printf(b, "]");
	return true;
}

static void clip(struct buf *b, const struct st_call *c, bool exit, uint32_t idx,
		 const void *e, const struct st_dopts *o)
{
	struct v4l2_clip cl;

	memcpy(&cl, e, sizeof(cl));
	buf_printf(b, "{c=");
	rect(b, &cl.c);
	buf_printf(b, "}");
}

static void pix(struct buf *b, const struct v4l2_pix_format *p)
{
	buf_printf(b, "{width=%u, height=%u, pixelformat=", p->width, p->height);
	fourcc(b, p->pixelformat, pix_fmts);
	buf_printf(b, ", field=");
	st_xlat_val(b, fields, p->field, "V4L2_FIELD_???");
	buf_printf(b, ", bytesperline=%u, sizeimage=%u, colorspace=", p->bytesperline,
		   p->sizeimage);
	st_xlat_val(b, colorspaces, p->colorspace, "V4L2_COLORSPACE_???");
	buf_printf(b, "}");
}

static void pix_mp(struct buf *b, const struct v4l2_pix_format_mplane *p,
		   const struct st_dopts *o)
{
	unsigned i, n = p->num_planes < VIDEO_MAX_PLANES ? p->num_planes : VIDEO_MAX_PLANES;

	buf_printf(b, "{width=%u, height=%u, pixelformat=", p->width, p->height);
	fourcc(b, p->pixelformat, pix_fmts);
	buf_printf(b, ", field=");
	st_xlat_val(b, fields, p->field, "V4L2_FIELD_???");
	buf_printf(b, ", colorspace=");
	st_xlat_val(b, colorspaces, p->colorspace, "V4L2_COLORSPACE_???");
	buf_printf(b, ", plane_fmt=[");
	for (i = 0; i < n; i++) {
		if (i)
			buf_printf(b, ", ");
		/* Cut at -s as strace cuts an array it holds. */
		if (!o->verbose && o->strsize >= 0 && i >= (unsigned)o->strsize) {
			buf_printf(b, "...");
			break;
		}
		buf_printf(b, "{sizeimage=%u, bytesperline=%u}", p->plane_fmt[i].sizeimage,
			   p->plane_fmt[i].bytesperline);
	}
	buf_printf(b, "], num_planes=%u}", p->num_planes);
}

/* An overlay window; false if its clips could not all be shown. */
static bool win(struct buf *b, const struct st_call *c, bool exit, const struct v4l2_window *w,
		const struct st_dopts *o)
{
	bool ok;

	buf_printf(b, "{w=");
	rect(b, &w->w);
	buf_printf(b, ", field=");
	st_xlat_val(b, fields, w->field, "V4L2_FIELD_???");
	buf_printf(b, ", chromakey=%#x, clips=", w->chromakey);
	ok = array(b, c, exit, (uintptr_t)w->clips, w->clipcount, sizeof(struct v4l2_clip), clip,
		   o);
	buf_printf(b, ", clipcount=%u, bitmap=", w->clipcount);
	addr(b, (uintptr_t)w->bitmap);
	if (w->global_alpha)
		buf_printf(b, ", global_alpha=%#x", w->global_alpha);
	buf_printf(b, "}");
	return ok;
}

static void vbi(struct buf *b, const struct v4l2_vbi_format *v)
{
	buf_printf(b, "{sampling_rate=%u, offset=%u, samples_per_line=%u, sample_format=",
		   v->sampling_rate, v->offset, v->samples_per_line);
	fourcc(b, v->sample_format, pix_fmts);
	buf_printf(b, ", start=[%d, %d], count=[%u, %u], flags=", v->start[0], v->start[1],
		   v->count[0], v->count[1]);
	st_xlat_flags_dflt(b, vbi_flags, v->flags, "0", "V4L2_VBI_???");
	buf_printf(b, "}");
}

static void sliced(struct buf *b, const struct v4l2_sliced_vbi_format *s)
{
	int i, j;

	buf_printf(b, "{service_set=");
	st_xlat_flags_dflt(b, sliced_flags, s->service_set, "0", "V4L2_SLICED_???");
	buf_printf(b, ", service_lines=[");
	for (i = 0; i < 2; i++) {
		buf_printf(b, "%s[", i ? ", " : "");
		for (j = 0; j < 24; j++)
			buf_printf(b, "%s%#x", j ? ", " : "", s->service_lines[i][j]);
		buf_printf(b, "]");
	}
	buf_printf(b, "], io_size=%u}", s->io_size);
}

/*
 * The format's fmt member its buffer type selects, after prefix; false
 * for a type strace leaves undecoded (nothing printed) or a window whose
 * clips could not all be shown.
 */
static bool format_fmt(struct buf *b, const struct st_call *c, bool exit,
		       const struct v4l2_format *f, const char *prefix, const struct st_dopts *o)
{
	switch (f->type) {
	case V4L2_BUF_TYPE_VIDEO_CAPTURE:
	case V4L2_BUF_TYPE_VIDEO_OUTPUT:
		buf_printf(b, "%sfmt.pix=", prefix);
		pix(b, &f->fmt.pix);
		return true;
	case V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE:
	case V4L2_BUF_TYPE_VIDEO_OUTPUT_MPLANE:
		buf_printf(b, "%sfmt.pix_mp=", prefix);
		pix_mp(b, &f->fmt.pix_mp, o);
		return true;
	case V4L2_BUF_TYPE_VIDEO_OUTPUT_OVERLAY:
	case V4L2_BUF_TYPE_VIDEO_OVERLAY:
		buf_printf(b, "%sfmt.win=", prefix);
		return win(b, c, exit, &f->fmt.win, o);
	case V4L2_BUF_TYPE_VBI_CAPTURE:
	case V4L2_BUF_TYPE_VBI_OUTPUT:
		buf_printf(b, "%sfmt.vbi=", prefix);
		vbi(b, &f->fmt.vbi);
		return true;
	case V4L2_BUF_TYPE_SLICED_VBI_CAPTURE:
	case V4L2_BUF_TYPE_SLICED_VBI_OUTPUT:
		buf_printf(b, "%sfmt.sliced=", prefix);
		sliced(b, &f->fmt.sliced);
		return true;
	case V4L2_BUF_TYPE_SDR_OUTPUT:
	case V4L2_BUF_TYPE_SDR_CAPTURE:
		buf_printf(b, "%sfmt.sdr={pixelformat=", prefix);
		fourcc(b, f->fmt.sdr.pixelformat, sdr_fmts);
		if (f->fmt.sdr.buffersize)
			buf_printf(b, ", buffersize=%u", f->fmt.sdr.buffersize);
		buf_printf(b, "}");
		return true;
	case V4L2_BUF_TYPE_META_OUTPUT:
	case V4L2_BUF_TYPE_META_CAPTURE:
		buf_printf(b, "%sfmt.meta={dataformat=", prefix);
		fourcc(b, f->fmt.meta.dataformat, meta_fmts);
		buf_printf(b, ", buffersize=%u}", f->fmt.meta.buffersize);
		return true;
	default:
		return false;
	}
}

static void buf_type(struct buf *b, uint32_t type)
{
	st_xlat_val(b, buf_types, type, "V4L2_BUF_TYPE_???");
}

static void capability(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct v4l2_capability s;

	if (!answer(c, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{driver=");
	cstr(b, (const char *)s.driver, sizeof(s.driver), o);
	buf_printf(b, ", card=");
	cstr(b, (const char *)s.card, sizeof(s.card), o);
	buf_printf(b, ", bus_info=");
	cstr(b, (const char *)s.bus_info, sizeof(s.bus_info), o);
	buf_printf(b, ", version=");
	kernel_version(b, s.version);
	buf_printf(b, ", capabilities=");
	st_xlat_flags_dflt(b, device_capabilities_flags, s.capabilities, "0", "V4L2_CAP_???");
	if (s.device_caps) {
		buf_printf(b, ", device_caps=");
		st_xlat_flags_dflt(b, device_capabilities_flags, s.device_caps, "0",
				   "V4L2_CAP_???");
	}
	buf_printf(b, "}");
}

static void fmtdesc(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct v4l2_fmtdesc s;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{index=%u, type=", s.index);
	buf_type(b, s.type);
	if (answer(c, &s, sizeof(s))) {
		buf_printf(b, ", flags=");
		st_xlat_flags_dflt(b, format_description_flags, s.flags, "0", "V4L2_FMT_FLAG_???");
		buf_printf(b, ", description=");
		cstr(b, (const char *)s.description, sizeof(s.description), o);
		buf_printf(b, ", pixelformat=");
		fourcc(b, s.pixelformat, pix_fmts);
	}
	buf_printf(b, "}");
}

/* G_FMT (get), S_FMT and TRY_FMT. */
static void format(struct buf *b, const struct st_call *c, bool get, const struct st_dopts *o)
{
	struct v4l2_format f;

	if (!arg_struct(c, false, &f, sizeof(f))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{type=");
	buf_type(b, f.type);
	if (!get && !format_fmt(b, c, false, &f, ", ", o)) {
		buf_printf(b, "}");
		return;
	}
	if (answer(c, &f, sizeof(f)))
		format_fmt(b, c, true, &f, get ? ", " : "} => {", o);
	buf_printf(b, "}");
}

static void reqbufs(struct buf *b, const struct st_call *c)
{
	struct v4l2_requestbuffers s;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{type=");
	buf_type(b, s.type);
	buf_printf(b, ", memory=");
	st_xlat_val(b, memories, s.memory, "V4L2_MEMORY_???");
	buf_printf(b, ", count=%u", s.count);
	if (answer(c, &s, sizeof(s)))
		buf_printf(b, " => %u", s.count);
	buf_printf(b, "}");
}

/* QUERYBUF, QBUF and DQBUF (dq: the index is the answer's, with the timestamp). */
static void buffer(struct buf *b, const struct st_call *c, bool dq)
{
	struct v4l2_buffer s;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{type=");
	buf_type(b, s.type);
	if (!dq)
		buf_printf(b, ", index=%u", s.index);
	if (answer(c, &s, sizeof(s))) {
		if (dq)
			buf_printf(b, ", index=%u", s.index);
		buf_printf(b, ", memory=");
		st_xlat_val(b, memories, s.memory, "V4L2_MEMORY_???");
		if (s.memory == V4L2_MEMORY_MMAP) {
			buf_printf(b, ", m.offset=%#x", s.m.offset);
		} else if (s.memory == V4L2_MEMORY_USERPTR) {
			buf_printf(b, ", m.userptr=");
			addr(b, s.m.userptr);
		}
		buf_printf(b, ", length=%u, bytesused=%u, flags=", s.length, s.bytesused);
		buffer_flags(b, s.flags);
		if (dq)
			buf_printf(b, ", timestamp={tv_sec=%lld, tv_usec=%llu}",
				   (long long)s.timestamp.tv_sec,
				   (unsigned long long)s.timestamp.tv_usec);
		buf_printf(b, ", ...");
	}
	buf_printf(b, "}");
}

/* G_FBUF (get: shown at exit) and S_FBUF. */
static void framebuffer(struct buf *b, const struct st_call *c, bool get)
{
	struct v4l2_framebuffer s;

	if (get ? !answer(c, &s, sizeof(s)) : !arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{capability=%#x, flags=%#x, base=", s.capability, s.flags);
	addr(b, (uintptr_t)s.base);
	buf_printf(b, "}");
}

static void stream(struct buf *b, const struct st_call *c)
{
	uint32_t type;

	if (!arg_struct(c, false, &type, sizeof(type))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "[");
	buf_type(b, type);
	buf_printf(b, "]");
}

static void parm(struct buf *b, const struct v4l2_streamparm *s)
{
	/* The capture and output parameters share their layout. */
	const struct v4l2_captureparm *p = &s->parm.capture;
	bool capture = s->type == V4L2_BUF_TYPE_VIDEO_CAPTURE;

	buf_printf(b, "parm.%s={capability=", capture ? "capture" : "output");
	st_xlat_flags_dflt(b, streaming_capabilities, p->capability, "0", "V4L2_CAP_???");
	buf_printf(b, ", %s=", capture ? "capturemode" : "outputmode");
	st_xlat_flags_dflt(b, capture_modes, p->capturemode, "0", "V4L2_MODE_???");
	buf_printf(b, ", timeperframe=");
	fract(b, &p->timeperframe);
	buf_printf(b, ", extendedmode=%#x, %s=%u}", p->extendedmode,
		   capture ? "readbuffers" : "writebuffers", p->readbuffers);
}

/* G_PARM (get) and S_PARM. */
static void streamparm(struct buf *b, const struct st_call *c, bool get)
{
	struct v4l2_streamparm s;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{type=");
	buf_type(b, s.type);
	if (s.type != V4L2_BUF_TYPE_VIDEO_CAPTURE && s.type != V4L2_BUF_TYPE_VIDEO_OUTPUT) {
		buf_printf(b, "}");
		return;
	}
	if (!get) {
		buf_printf(b, ", ");
		parm(b, &s);
	}
	if (answer(c, &s, sizeof(s))) {
		buf_printf(b, get ? ", " : "} => {");
		parm(b, &s);
	}
	buf_printf(b, "}");
}

/* A number the call reads or (get) answers: [fmt], or the address. */
static void number(struct buf *b, const struct st_call *c, bool get, bool wide)
{
	uint64_t v = 0;
	bool ok = get ? answer(c, &v, wide ? 8 : 4) : arg_struct(c, false, &v, wide ? 8 : 4);

	if (!ok)
		addr(b, c->args[2]);
	else if (wide)
		buf_printf(b, "[%#llx]", (unsigned long long)v);
	else
		buf_printf(b, "[%u]", (unsigned)v);
}

static void standard(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct v4l2_standard s;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{index=%u", s.index);
	if (answer(c, &s, sizeof(s))) {
		buf_printf(b, ", name=");
		cstr(b, (const char *)s.name, sizeof(s.name), o);
		buf_printf(b, ", frameperiod=");
		fract(b, &s.frameperiod);
		buf_printf(b, ", framelines=%u", s.framelines);
	}
	buf_printf(b, "}");
}

static void input(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct v4l2_input s;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{index=%u", s.index);
	if (answer(c, &s, sizeof(s))) {
		buf_printf(b, ", name=");
		cstr(b, (const char *)s.name, sizeof(s.name), o);
		buf_printf(b, ", type=");
		st_xlat_val(b, input_types, s.type, "V4L2_INPUT_TYPE_???");
	}
	buf_printf(b, "}");
}

/* G_CTRL (get) and S_CTRL. */
static void control(struct buf *b, const struct st_call *c, bool get)
{
	struct v4l2_control s;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{id=");
	cid(b, s.id, false);
	if (!get)
		buf_printf(b, ", value=%d", s.value);
	if (answer(c, &s, sizeof(s)))
		buf_printf(b, get ? ", value=%d" : " => %d", s.value);
	buf_printf(b, "}");
}

static void tuner_body(struct buf *b, const struct v4l2_tuner *s, const struct st_dopts *o)
{
	buf_printf(b, "name=");
	cstr(b, (const char *)s->name, sizeof(s->name), o);
	buf_printf(b, ", type=");
	st_xlat_val(b, tuner_types, s->type, "V4L2_TUNER_???");
	buf_printf(b, ", capability=");
	st_xlat_flags_dflt(b, tuner_capabilities, s->capability, "0", "V4L2_TUNER_CAP_???");
	buf_printf(b, ", rangelow=%u, rangehigh=%u, rxsubchans=", s->rangelow, s->rangehigh);
	st_xlat_flags_dflt(b, tuner_rxsubchanses, s->rxsubchans, "0", "V4L2_TUNER_SUB_???");
	buf_printf(b, ", audmode=");
	st_xlat_val(b, tuner_audmodes, s->audmode, "V4L2_TUNER_MODE_???");
	buf_printf(b, ", signal=%d, afc=%d", s->signal, s->afc);
}

/* G_TUNER (get) and S_TUNER. */
static void tuner(struct buf *b, const struct st_call *c, bool get, const struct st_dopts *o)
{
	struct v4l2_tuner s;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{index=%u", s.index);
	if (!get) {
		buf_printf(b, ", ");
		tuner_body(b, &s, o);
	}
	if (answer(c, &s, sizeof(s))) {
		buf_printf(b, get ? ", " : "} => {");
		tuner_body(b, &s, o);
	}
	buf_printf(b, "}");
}

static void hex_array(struct buf *b, const uint32_t *v, size_t n)
{
	size_t i;

	buf_printf(b, "[");
	for (i = 0; i < n; i++)
		buf_printf(b, "%s%#x", i ? ", " : "", v[i]);
	buf_printf(b, "]");
}

static bool all_zero(const uint32_t *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i])
			return false;
	return true;
}

/*
 * QUERYCTRL's and QUERY_EXT_CTRL's common start: the id asked (and the
 * one answered when it differs), type and name; false when there is no
 * answer (the struct then closed).
 */
static bool query_head(struct buf *b, const struct st_call *c, uint32_t asked, const void *ans,
		       bool answered, const struct st_dopts *o)
{
	/* Both structs start with id, type and a name of 32. */
	const struct v4l2_queryctrl *q = ans;

	buf_printf(b, "{id=");
	cid(b, asked, true);
	if (!answered) {
		buf_printf(b, "}");
		return false;
	}
	if (q->id != asked) {
		buf_printf(b, " => ");
		cid(b, q->id, false);
	}
	buf_printf(b, ", type=");
	st_xlat_val(b, control_types, q->type, "V4L2_CTRL_TYPE_???");
	buf_printf(b, ", name=");
	cstr(b, (const char *)q->name, sizeof(q->name), o);
	if (!o->verbose) {
		buf_printf(b, ", ...}");
		return false;
	}
	return true;
}

static void queryctrl(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct v4l2_queryctrl s;
	uint32_t asked;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	asked = s.id;
	if (!query_head(b, c, asked, &s, answer(c, &s, sizeof(s)), o))
		return;
	buf_printf(b, ", minimum=%d, maximum=%d, step=%d, default_value=%d, flags=", s.minimum,
		   s.maximum, s.step, s.default_value);
	st_xlat_flags_dflt(b, control_flags, s.flags, "0", "V4L2_CTRL_FLAG_???");
	if (!all_zero(s.reserved, ARRAY_SIZE(s.reserved))) {
		buf_printf(b, ", reserved=");
		hex_array(b, s.reserved, ARRAY_SIZE(s.reserved));
	}
	buf_printf(b, "}");
}

static void query_ext_ctrl(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct v4l2_query_ext_ctrl s;
	uint32_t asked, i, n;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	asked = s.id;
	if (!query_head(b, c, asked, &s, answer(c, &s, sizeof(s)), o))
		return;
	buf_printf(b, ", minimum=%lld, maximum=%lld, step=%llu, default_value=%lld, flags=",
		   (long long)s.minimum, (long long)s.maximum, (unsigned long long)s.step,
		   (long long)s.default_value);
	st_xlat_flags_dflt(b, control_flags, s.flags, "0", "V4L2_CTRL_FLAG_???");
	buf_printf(b, ", elem_size=%u, elems=%u, nr_of_dims=%u, dims=[", s.elem_size, s.elems,
		   s.nr_of_dims);
	n = s.nr_of_dims < V4L2_CTRL_MAX_DIMS ? s.nr_of_dims : V4L2_CTRL_MAX_DIMS;
	for (i = 0; i < n; i++)
		buf_printf(b, "%s%u", i ? ", " : "", s.dims[i]);
	buf_printf(b, "]");
	if (!all_zero(s.reserved, ARRAY_SIZE(s.reserved))) {
		buf_printf(b, ", reserved=");
		hex_array(b, s.reserved, ARRAY_SIZE(s.reserved));
	}
	buf_printf(b, "}");
}

static void cropcap(struct buf *b, const struct st_call *c)
{
	struct v4l2_cropcap s;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{type=");
	buf_type(b, s.type);
	if (answer(c, &s, sizeof(s))) {
		buf_printf(b, ", bounds=");
		rect(b, &s.bounds);
		buf_printf(b, ", defrect=");
		rect(b, &s.defrect);
		buf_printf(b, ", pixelaspect=");
		fract(b, &s.pixelaspect);
	}
	buf_printf(b, "}");
}

/* G_CROP (get: the rectangle answered) and S_CROP (the one asked for). */
static void crop(struct buf *b, const struct st_call *c, bool get)
{
	struct v4l2_crop s;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{type=");
	buf_type(b, s.type);
	if (!get || answer(c, &s, sizeof(s))) {
		buf_printf(b, ", c=");
		rect(b, &s.c);
	}
	buf_printf(b, "}");
}

static void ext_control(struct buf *b, const struct st_call *c, bool exit, uint32_t idx,
			const void *e, const struct st_dopts *o)
{
	struct v4l2_ext_control x;

	memcpy(&x, e, sizeof(x));
	buf_printf(b, "{id=");
	st_xlat_val(b, control_ids, x.id, "V4L2_CID_???");
	buf_printf(b, ", size=%u, ", x.size);
	if (x.size > 0) {
		buf_printf(b, "string=");
		user_str(b, c, idx < STRINGS_READ ? capture(c, exit, IDX_STRING(idx)) : NULL,
			 (uintptr_t)x.string, x.size, o);
	} else {
		buf_printf(b, "value=%d, value64=%lld", x.value, (long long)x.value64);
	}
	buf_printf(b, "}");
}

/*
 * G_EXT_CTRLS (get), S_EXT_CTRLS and TRY_EXT_CTRLS: the controls as
 * read and as answered; the answer is shown even after a failure, with
 * the index of the control that failed.
 */
static void ext_controls(struct buf *b, const struct st_call *c, bool get,
			 const struct st_dopts *o)
{
	struct v4l2_ext_controls s;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{ctrl_class=");
	st_xlat_val(b, control_classes, s.ctrl_class, "V4L2_CTRL_CLASS_???");
	buf_printf(b, ", count=%u", s.count);
	if (!s.count) {
		buf_printf(b, "}");
		return;
	}
	if (!get) {
		buf_printf(b, ", controls=");
		if (!array(b, c, false, (uintptr_t)s.controls, s.count,
			   sizeof(struct v4l2_ext_control), ext_control, o)) {
			buf_printf(b, "}");
			return;
		}
	}
	if (arg_struct(c, true, &s, sizeof(s))) {
		buf_printf(b, get ? ", controls=" : "} => {controls=");
		array(b, c, true, (uintptr_t)s.controls, s.count, sizeof(struct v4l2_ext_control),
		      ext_control, o);
		if (st_call_failed(c))
			buf_printf(b, ", error_idx=%u", s.error_idx);
	}
	buf_printf(b, "}");
}

static void frmsizeenum(struct buf *b, const struct st_call *c)
{
	struct v4l2_frmsizeenum s;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{index=%u, pixel_format=", s.index);
	fourcc(b, s.pixel_format, pix_fmts);
	if (answer(c, &s, sizeof(s))) {
		buf_printf(b, ", type=");
		st_xlat_val(b, framesize_types, s.type, "V4L2_FRMSIZE_TYPE_???");
		if (s.type == V4L2_FRMSIZE_TYPE_DISCRETE)
			buf_printf(b, ", discrete={width=%u, height=%u}", s.discrete.width,
				   s.discrete.height);
		else if (s.type == V4L2_FRMSIZE_TYPE_STEPWISE)
			buf_printf(b, ", stepwise={min_width=%u, max_width=%u, step_width=%u, "
				   "min_height=%u, max_height=%u, step_height=%u}",
				   s.stepwise.min_width, s.stepwise.max_width,
				   s.stepwise.step_width, s.stepwise.min_height,
				   s.stepwise.max_height, s.stepwise.step_height);
	}
	buf_printf(b, "}");
}

static void frmivalenum(struct buf *b, const struct st_call *c)
{
	struct v4l2_frmivalenum s;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{index=%u, pixel_format=", s.index);
	fourcc(b, s.pixel_format, pix_fmts);
	buf_printf(b, ", width=%u, height=%u", s.width, s.height);
	if (answer(c, &s, sizeof(s))) {
		buf_printf(b, ", type=");
		st_xlat_val(b, frameinterval_types, s.type, "V4L2_FRMIVAL_TYPE_???");
		if (s.type == V4L2_FRMIVAL_TYPE_DISCRETE) {
			buf_printf(b, ", discrete=");
			fract(b, &s.discrete);
		} else if (s.type == V4L2_FRMIVAL_TYPE_STEPWISE ||
			   s.type == V4L2_FRMIVAL_TYPE_CONTINUOUS) {
			buf_printf(b, ", stepwise={min=");
			fract(b, &s.stepwise.min);
			buf_printf(b, ", max=");
			fract(b, &s.stepwise.max);
			buf_printf(b, ", step=");
			fract(b, &s.stepwise.step);
			buf_printf(b, "}");
		}
	}
	buf_printf(b, "}");
}

/* CREATE_BUFS's request; what it created goes with the return value (ret). */
static void create_bufs(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct v4l2_create_buffers s;

	if (!arg_struct(c, false, &s, sizeof(s))) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{count=%u, memory=", s.count);
	st_xlat_val(b, memories, s.memory, "V4L2_MEMORY_???");
	buf_printf(b, ", format={type=");
	buf_type(b, s.format.type);
	format_fmt(b, c, false, &s.format, ", ", o);
	buf_printf(b, "}}");
}

static bool ret(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct v4l2_create_buffers s;

	if ((unsigned)c->args[1] != VIDIOC_CREATE_BUFS || !answer(c, &s, sizeof(s)))
		return false;
	buf_printf(b, "%lld ({index=%u, count=%u})", (long long)c->ret, s.index, s.count);
	return true;
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	switch ((unsigned)c->args[1]) {
	case VIDIOC_QUERYCAP:
		capability(b, c, o);
		break;
	case VIDIOC_ENUM_FMT:
		fmtdesc(b, c, o);
		break;
	case VIDIOC_G_FMT:
	case VIDIOC_S_FMT:
	case VIDIOC_TRY_FMT:
		format(b, c, (unsigned)c->args[1] == VIDIOC_G_FMT, o);
		break;
	case VIDIOC_REQBUFS:
		reqbufs(b, c);
		break;
	case VIDIOC_QUERYBUF:
	case VIDIOC_QBUF:
	case VIDIOC_DQBUF:
		buffer(b, c, (unsigned)c->args[1] == VIDIOC_DQBUF);
		break;
	case VIDIOC_G_FBUF:
	case VIDIOC_S_FBUF:
		framebuffer(b, c, (unsigned)c->args[1] == VIDIOC_G_FBUF);
		break;
	case VIDIOC_STREAMON:
	case VIDIOC_STREAMOFF:
		stream(b, c);
		break;
	case VIDIOC_G_PARM:
	case VIDIOC_S_PARM:
		streamparm(b, c, (unsigned)c->args[1] == VIDIOC_G_PARM);
		break;
	case VIDIOC_G_STD:
	case VIDIOC_S_STD:
		number(b, c, (unsigned)c->args[1] == VIDIOC_G_STD, true);
		break;
	case VIDIOC_ENUMSTD:
		standard(b, c, o);
		break;
	case VIDIOC_ENUMINPUT:
		input(b, c, o);
		break;
	case VIDIOC_G_CTRL:
	case VIDIOC_S_CTRL:
		control(b, c, (unsigned)c->args[1] == VIDIOC_G_CTRL);
		break;
	case VIDIOC_G_TUNER:
	case VIDIOC_S_TUNER:
		tuner(b, c, (unsigned)c->args[1] == VIDIOC_G_TUNER, o);
		break;
	case VIDIOC_QUERYCTRL:
		queryctrl(b, c, o);
		break;
	case VIDIOC_QUERY_EXT_CTRL:
		query_ext_ctrl(b, c, o);
		break;
	case VIDIOC_G_INPUT:
	case VIDIOC_S_INPUT:
		number(b, c, (unsigned)c->args[1] == VIDIOC_G_INPUT, false);
		break;
	case VIDIOC_CROPCAP:
		cropcap(b, c);
		break;
	case VIDIOC_G_CROP:
	case VIDIOC_S_CROP:
		crop(b, c, (unsigned)c->args[1] == VIDIOC_G_CROP);
		break;
	case VIDIOC_S_EXT_CTRLS:
	case VIDIOC_TRY_EXT_CTRLS:
	case VIDIOC_G_EXT_CTRLS:
		ext_controls(b, c, (unsigned)c->args[1] == VIDIOC_G_EXT_CTRLS, o);
		break;
	case VIDIOC_ENUM_FRAMESIZES:
		frmsizeenum(b, c);
		break;
	case VIDIOC_ENUM_FRAMEINTERVALS:
		frmivalenum(b, c);
		break;
	case VIDIOC_CREATE_BUFS:
		create_bufs(b, c, o);
		break;
	default:
		/* Named but not decoded: a number, as strace prints it. */
		buf_printf(b, "%#llx", (unsigned long long)c->args[2]);
		break;
	}
	return true;
}

const struct st_ioc_family st_ioc_v4l2 = { .type = 'V', .decode = decode, .ret = ret };
