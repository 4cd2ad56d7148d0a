import {
  errorLines,
  looksLikeBadInput,
  looksLikeOurMistake,
  looksTruncated,
  parseEbur128Integrated,
  parseProbeJson,
  parseShowinfoTimes,
  parseSilences,
  scenesFromCuts,
} from './ffmpeg-output.parser';

// Captured from the bundled ffmpeg/ffprobe (2018 static build) on sandbox media.
const PROBE_MP4 = JSON.stringify({
  streams: [
    {
      codec_name: 'h264',
      codec_type: 'video',
      width: 360,
      height: 640,
      avg_frame_rate: '15/1',
      duration: '12.000000',
      tags: { vendor_id: '[0][0][0][0]' },
    },
    { codec_name: 'aac', codec_type: 'audio', avg_frame_rate: '0/0', duration: '12.000000' },
  ],
  format: { duration: '12.000000', format_name: 'mov,mp4,m4a,3gp,3g2,mj2' },
});

const SHOWINFO = `[Parsed_showinfo_2 @ 0x30a933c0] [info] config in time_base: 1/15360, frame_rate: 15/1
[Parsed_showinfo_2 @ 0xc4888c0] [info] n:   0 pts:  38912 pts_time:2.53333 pos:    67947 fmt:rgb24 sar:639/640 s:160x284 i:P iskey:0 type:P checksum:66E8DC97 plane_checksum:[66E8DC97] mean:[81 ] stdev:[62.3 ]
[Parsed_showinfo_2 @ 0xc4888c0] [info] n:   1 pts:  79872 pts_time:5.2     pos:   109976 fmt:rgb24 sar:639/640 s:160x284 i:P iskey:0 type:P checksum:02A2E90A plane_checksum:[02A2E90A] mean:[162 ] stdev:[85.8 ]
[info] frame=    2 fps=0.0 q=-0.0 Lsize=N/A time=00:00:05.20 bitrate=N/A speed= 113x`;

const SILENCE = `[silencedetect @ 0x2488eb80] [info] silence_start: 1
[silencedetect @ 0x2488eb80] [info] silence_end: 2.00002 | silence_duration: 1.00002
[silencedetect @ 0x2488eb80] [info] silence_start: 3
[silencedetect @ 0x2488eb80] [info] silence_end: 4.00002 | silence_duration: 1.00002
[silencedetect @ 0x2488eb80] [info] silence_start: 4.8`;

const EBUR128 = `[info] size=N/A time=00:00:08.00 bitrate=N/A speed= 343x
[info] video:0kB audio:1000kB subtitle:0kB other streams:0kB global headers:0kB muxing overhead: unknown
[Parsed_ebur128_0 @ 0x99683c0] [info] Summary:

  Integrated loudness:
    I:         -22.0 LUFS
    Threshold: -32.0 LUFS

  Loudness range:
    LRA:         0.0 LU
    Threshold: -42.0 LUFS
    LRA low:   -22.0 LUFS
    LRA high:  -22.0 LUFS`;

const TRUNCATED = `[info] Output #0, null, to 'pipe:':
[mov,mp4,m4a,3gp,3g2,mj2 @ 0x25faec00] [error] stream 0, offset 0xebe3: partial file
[error] fs_trunc.mp4: Invalid data found when processing input
[warning] Output file is empty, nothing was encoded (check -ss / -t / -frames parameters if used)`;

describe('parseProbeJson', () => {
  it('reads duration, streams and size', () => {
    expect(parseProbeJson(PROBE_MP4)).toEqual({
      durationSec: 12,
      hasVideo: true,
      hasAudio: true,
      width: 360,
      height: 640,
      videoCodec: 'h264',
      audioCodec: 'aac',
      frameRate: 15,
    });
  });

  it('swaps width and height for rotated phone videos', () => {
    const rotated = JSON.stringify({
      streams: [
        {
          codec_type: 'video',
          codec_name: 'h264',
          width: 1920,
          height: 1080,
          side_data_list: [{ rotation: -90 }],
        },
      ],
      format: { duration: '30.5' },
    });
    expect(parseProbeJson(rotated)).toMatchObject({ width: 1080, height: 1920, hasAudio: false });
  });

  it('does not take cover art for video and falls back to stream durations', () => {
    const song = JSON.stringify({
      streams: [
        { codec_type: 'audio', codec_name: 'mp3', duration: '61.2' },
        { codec_type: 'video', codec_name: 'mjpeg', width: 500, height: 500 },
      ],
      format: {},
    });
    expect(parseProbeJson(song)).toMatchObject({ durationSec: 61.2, hasVideo: false, width: 0 });
  });

  it('throws on output that is not a probe', () => {
    expect(() => parseProbeJson('{}')).toThrow();
    expect(() => parseProbeJson('not json')).toThrow();
  });
});

describe('ffmpeg log parsers', () => {
  it('reads pts_time from showinfo frame lines only', () => {
    expect(parseShowinfoTimes(SHOWINFO.split('\n'))).toEqual([2.53333, 5.2]);
  });

  it('reads silences, closing one still open at the end', () => {
    expect(parseSilences(SILENCE.split('\n'), 5.5)).toEqual([
      { start: 1, end: 2 },
      { start: 3, end: 4 },
      { start: 4.8, end: 5.5 },
    ]);
  });

  it('clips silences to the analyzed span', () => {
    expect(parseSilences(['silence_start: 0', 'silence_end: 130 | x'], 120)).toEqual([
      { start: 0, end: 120 },
    ]);
  });

  it('reads the integrated loudness from the ebur128 summary', () => {
    expect(parseEbur128Integrated(EBUR128)).toBe(-22);
    expect(parseEbur128Integrated('Summary:\n  I:  -inf LUFS')).toBe(-70);
    expect(parseEbur128Integrated('[info] no summary here')).toBeNull();
  });

  it('tells a truncated or corrupt input from a bad command', () => {
    expect(errorLines(TRUNCATED.split('\n'))).toHaveLength(2);
    expect(looksTruncated(TRUNCATED)).toBe(true);
    expect(looksLikeBadInput(TRUNCATED)).toBe(true);
    expect(looksLikeOurMistake(TRUNCATED)).toBe(false);
    const usage = "[error] No such filter: 'selekt'\n[fatal] Error initializing complex filters.";
    expect(looksLikeOurMistake(usage)).toBe(true);
    expect(looksLikeBadInput('[mov @ 0x1] [error] moov atom not found')).toBe(true);
  });
});

describe('scenesFromCuts', () => {
  it('builds contiguous scenes covering the span', () => {
    expect(scenesFromCuts([2.53333, 5.2, 8.93333], 12)).toEqual({
      cuts: [2.533, 5.2, 8.933],
      scenes: [
        { start: 0, end: 2.533 },
        { start: 2.533, end: 5.2 },
        { start: 5.2, end: 8.933 },
        { start: 8.933, end: 12 },
      ],
    });
  });

  it('drops flashes, cuts at the edges and anything past the end', () => {
    const { cuts, scenes } = scenesFromCuts([0, 0.1, 3, 3.1, 9.9, 12, 130], 10);
    expect(cuts).toEqual([3]);
    expect(scenes).toEqual([
      { start: 0, end: 3 },
      { start: 3, end: 10 },
    ]);
  });

  it('gives one scene when nothing cuts', () => {
    expect(scenesFromCuts([], 7.5).scenes).toEqual([{ start: 0, end: 7.5 }]);
  });
});
