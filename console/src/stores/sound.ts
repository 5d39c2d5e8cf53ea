/**
 * The new-order sound: a short two-tone beep from a Web Audio oscillator (nothing fetched). Browsers
 * keep an AudioContext suspended until the user interacts: `blocked` is then true and the page shows
 * a banner whose click resumes it. The mute choice is remembered.
 */
import { action, makeObservable, observable } from 'mobx';

export const MUTE_STORAGE_KEY = 'console.muted';

/** The part of AudioContext the beep uses. */
export interface AudioLike {
  state: string;
  currentTime: number;
  destination: unknown;
  resume(): Promise<void>;
  createOscillator(): {
    type: string;
    frequency: { setValueAtTime(v: number, t: number): void };
    connect(node: unknown): unknown;
    start(t: number): void;
    stop(t: number): void;
  };
  createGain(): {
    gain: { setValueAtTime(v: number, t: number): void; exponentialRampToValueAtTime(v: number, t: number): void };
    connect(node: unknown): unknown;
  };
  onstatechange?: (() => void) | null;
}

export class SoundStore {
  muted: boolean;
  blocked = false;
  beeps = 0;
  private ctx: AudioLike | null = null;

  constructor(
    private readonly makeContext: (() => AudioLike) | null,
    private readonly storage?: { getItem(k: string): string | null; setItem(k: string, v: string): void },
  ) {
    this.muted = storage?.getItem(MUTE_STORAGE_KEY) === '1';
    makeObservable<SoundStore, 'refresh'>(this, {
      muted: observable,
      blocked: observable,
      beeps: observable,
      toggleMute: action,
      refresh: action,
      beep: action,
    });
  }

  /** Creates the context (on the board's first load) and reports whether the browser blocks it. */
  prepare(): void {
    if (this.ctx || !this.makeContext) return;
    try {
      this.ctx = this.makeContext();
      this.ctx.onstatechange = () => this.refresh();
    } catch {
      this.ctx = null;
    }
    this.refresh();
  }

  private refresh(): void {
    this.blocked = !this.muted && this.ctx !== null && this.ctx.state === 'suspended';
  }

  /** The banner's click: a user gesture, so the browser lets the context run. */
  async unblock(): Promise<void> {
    this.prepare();
    try {
      await this.ctx?.resume();
    } catch {
      // stays blocked
    }
    this.refresh();
  }

  toggleMute(): void {
    this.muted = !this.muted;
    try {
      this.storage?.setItem(MUTE_STORAGE_KEY, this.muted ? '1' : '0');
    } catch {
      // not remembered
    }
    if (!this.muted) void this.unblock();
    this.refresh();
  }

  beep(): void {
    if (this.muted) return;
    this.beeps += 1;
    this.prepare();
    const ctx = this.ctx;
    if (!ctx || ctx.state !== 'running') return;
    const t0 = ctx.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const start = t0 + i * 0.18;
      osc.type = 'sine';
      osc.frequency.setValueAtTime(freq, start);
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.16);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(start);
      osc.stop(start + 0.17);
    }
  }
}
