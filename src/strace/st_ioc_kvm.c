/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the KVM requests (type 0xae) on /dev/kvm, a VM's and a
 * vCPU's descriptors, as strace decodes them: extensions by name, memory
 * regions, x86's registers and segment registers, CPUID tables, the
 * descriptors KVM_CREATE_VM and KVM_CREATE_VCPU return, and under -e
 * kvm=vcpu why KVM_RUN returned, read from the run area the process
 * mapped from the vCPU's descriptor.
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/kvm.h>

#include "../kernel/btf.h"
#include "st_fds.h"
#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* The anonymous inodes of a VM and a vCPU (the kernel's kvm_main.c). */
#define VM_NAME "anon_inode:kvm-vm"
#define VCPU_NAME "anon_inode:kvm-vcpu:"

static const struct st_xlat caps[] = {
	X(KVM_CAP_IRQCHIP), X(KVM_CAP_HLT), X(KVM_CAP_MMU_SHADOW_CACHE_CONTROL),
	X(KVM_CAP_USER_MEMORY), X(KVM_CAP_SET_TSS_ADDR), X(KVM_CAP_VAPIC),
	X(KVM_CAP_EXT_CPUID), X(KVM_CAP_CLOCKSOURCE), X(KVM_CAP_NR_VCPUS),
	X(KVM_CAP_NR_MEMSLOTS), X(KVM_CAP_PIT), X(KVM_CAP_NOP_IO_DELAY), X(KVM_CAP_PV_MMU),
	X(KVM_CAP_MP_STATE), X(KVM_CAP_COALESCED_MMIO), X(KVM_CAP_SYNC_MMU), X(KVM_CAP_IOMMU),
	X(KVM_CAP_DESTROY_MEMORY_REGION_WORKS), X(KVM_CAP_USER_NMI),
	X(KVM_CAP_SET_GUEST_DEBUG), X(KVM_CAP_REINJECT_CONTROL), X(KVM_CAP_IRQ_ROUTING),
	X(KVM_CAP_IRQ_INJECT_STATUS), X(KVM_CAP_ASSIGN_DEV_IRQ),
	X(KVM_CAP_JOIN_MEMORY_REGIONS_WORKS), X(KVM_CAP_MCE), X(KVM_CAP_IRQFD),
	X(KVM_CAP_PIT2), X(KVM_CAP_SET_BOOT_CPU_ID), X(KVM_CAP_PIT_STATE2),
	X(KVM_CAP_IOEVENTFD), X(KVM_CAP_SET_IDENTITY_MAP_ADDR), X(KVM_CAP_XEN_HVM),
	X(KVM_CAP_ADJUST_CLOCK), X(KVM_CAP_INTERNAL_ERROR_DATA), X(KVM_CAP_VCPU_EVENTS),
	X(KVM_CAP_S390_PSW), X(KVM_CAP_PPC_SEGSTATE), X(KVM_CAP_HYPERV),
	X(KVM_CAP_HYPERV_VAPIC), X(KVM_CAP_HYPERV_SPIN), X(KVM_CAP_PCI_SEGMENT),
	X(KVM_CAP_PPC_PAIRED_SINGLES), X(KVM_CAP_INTR_SHADOW), X(KVM_CAP_DEBUGREGS),
	X(KVM_CAP_X86_ROBUST_SINGLESTEP), X(KVM_CAP_PPC_OSI), X(KVM_CAP_PPC_UNSET_IRQ),
	X(KVM_CAP_ENABLE_CAP), X(KVM_CAP_XSAVE), X(KVM_CAP_XCRS), X(KVM_CAP_PPC_GET_PVINFO),
	X(KVM_CAP_PPC_IRQ_LEVEL), X(KVM_CAP_ASYNC_PF), X(KVM_CAP_TSC_CONTROL),
	X(KVM_CAP_GET_TSC_KHZ), X(KVM_CAP_PPC_BOOKE_SREGS), X(KVM_CAP_SPAPR_TCE),
	X(KVM_CAP_PPC_SMT), X(KVM_CAP_PPC_RMA), X(KVM_CAP_MAX_VCPUS), X(KVM_CAP_PPC_HIOR),
	X(KVM_CAP_PPC_PAPR), X(KVM_CAP_SW_TLB), X(KVM_CAP_ONE_REG), X(KVM_CAP_S390_GMAP),
	X(KVM_CAP_TSC_DEADLINE_TIMER), X(KVM_CAP_S390_UCONTROL), X(KVM_CAP_SYNC_REGS),
	X(KVM_CAP_PCI_2_3), X(KVM_CAP_KVMCLOCK_CTRL), X(KVM_CAP_SIGNAL_MSI),
	X(KVM_CAP_PPC_GET_SMMU_INFO), X(KVM_CAP_S390_COW), X(KVM_CAP_PPC_ALLOC_HTAB),
	X(KVM_CAP_READONLY_MEM), X(KVM_CAP_IRQFD_RESAMPLE), X(KVM_CAP_PPC_BOOKE_WATCHDOG),
	X(KVM_CAP_PPC_HTAB_FD), X(KVM_CAP_S390_CSS_SUPPORT), X(KVM_CAP_PPC_EPR),
	X(KVM_CAP_ARM_PSCI), X(KVM_CAP_ARM_SET_DEVICE_ADDR), X(KVM_CAP_DEVICE_CTRL),
	X(KVM_CAP_IRQ_MPIC), X(KVM_CAP_PPC_RTAS), X(KVM_CAP_IRQ_XICS),
	X(KVM_CAP_ARM_EL1_32BIT), X(KVM_CAP_SPAPR_MULTITCE), X(KVM_CAP_EXT_EMUL_CPUID),
	X(KVM_CAP_HYPERV_TIME), X(KVM_CAP_IOAPIC_POLARITY_IGNORED), X(KVM_CAP_ENABLE_CAP_VM),
	X(KVM_CAP_S390_IRQCHIP), X(KVM_CAP_IOEVENTFD_NO_LENGTH), X(KVM_CAP_VM_ATTRIBUTES),
	X(KVM_CAP_ARM_PSCI_0_2), X(KVM_CAP_PPC_FIXUP_HCALL), X(KVM_CAP_PPC_ENABLE_HCALL),
	X(KVM_CAP_CHECK_EXTENSION_VM), X(KVM_CAP_S390_USER_SIGP),
	X(KVM_CAP_S390_VECTOR_REGISTERS), X(KVM_CAP_S390_MEM_OP), X(KVM_CAP_S390_USER_STSI),
	X(KVM_CAP_S390_SKEYS), X(KVM_CAP_MIPS_FPU), X(KVM_CAP_MIPS_MSA),
	X(KVM_CAP_S390_INJECT_IRQ), X(KVM_CAP_S390_IRQ_STATE), X(KVM_CAP_PPC_HWRNG),
	X(KVM_CAP_DISABLE_QUIRKS), X(KVM_CAP_X86_SMM), X(KVM_CAP_MULTI_ADDRESS_SPACE),
	X(KVM_CAP_GUEST_DEBUG_HW_BPS), X(KVM_CAP_GUEST_DEBUG_HW_WPS), X(KVM_CAP_SPLIT_IRQCHIP),
	X(KVM_CAP_IOEVENTFD_ANY_LENGTH), X(KVM_CAP_HYPERV_SYNIC), X(KVM_CAP_S390_RI),
	X(KVM_CAP_SPAPR_TCE_64), X(KVM_CAP_ARM_PMU_V3), X(KVM_CAP_VCPU_ATTRIBUTES),
	X(KVM_CAP_MAX_VCPU_ID), X(KVM_CAP_X2APIC_API), X(KVM_CAP_S390_USER_INSTR0),
	X(KVM_CAP_MSI_DEVID), X(KVM_CAP_PPC_HTM), X(KVM_CAP_SPAPR_RESIZE_HPT),
	X(KVM_CAP_PPC_MMU_RADIX), X(KVM_CAP_PPC_MMU_HASH_V3), X(KVM_CAP_IMMEDIATE_EXIT),
	X(KVM_CAP_MIPS_VZ), X(KVM_CAP_MIPS_TE), X(KVM_CAP_MIPS_64BIT), X(KVM_CAP_S390_GS),
	X(KVM_CAP_S390_AIS), X(KVM_CAP_SPAPR_TCE_VFIO), X(KVM_CAP_X86_DISABLE_EXITS),
	X(KVM_CAP_ARM_USER_IRQ), X(KVM_CAP_S390_CMMA_MIGRATION), X(KVM_CAP_PPC_FWNMI),
	X(KVM_CAP_PPC_SMT_POSSIBLE), X(KVM_CAP_HYPERV_SYNIC2), X(KVM_CAP_HYPERV_VP_INDEX),
	X(KVM_CAP_S390_AIS_MIGRATION), X(KVM_CAP_PPC_GET_CPU_CHAR), X(KVM_CAP_S390_BPB),
	X(KVM_CAP_GET_MSR_FEATURES), X(KVM_CAP_HYPERV_EVENTFD), X(KVM_CAP_HYPERV_TLBFLUSH),
	X(KVM_CAP_S390_HPAGE_1M), X(KVM_CAP_NESTED_STATE), X(KVM_CAP_ARM_INJECT_SERROR_ESR),
	X(KVM_CAP_MSR_PLATFORM_INFO), X(KVM_CAP_PPC_NESTED_HV), X(KVM_CAP_HYPERV_SEND_IPI),
	X(KVM_CAP_COALESCED_PIO), X(KVM_CAP_HYPERV_ENLIGHTENED_VMCS),
	X(KVM_CAP_EXCEPTION_PAYLOAD), X(KVM_CAP_ARM_VM_IPA_SIZE),
	X(KVM_CAP_MANUAL_DIRTY_LOG_PROTECT), X(KVM_CAP_HYPERV_CPUID),
	X(KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2), X(KVM_CAP_PPC_IRQ_XIVE), X(KVM_CAP_ARM_SVE),
	X(KVM_CAP_ARM_PTRAUTH_ADDRESS), X(KVM_CAP_ARM_PTRAUTH_GENERIC),
	X(KVM_CAP_PMU_EVENT_FILTER), X(KVM_CAP_ARM_IRQ_LINE_LAYOUT_2),
	X(KVM_CAP_HYPERV_DIRECT_TLBFLUSH), X(KVM_CAP_PPC_GUEST_DEBUG_SSTEP),
	X(KVM_CAP_ARM_NISV_TO_USER), X(KVM_CAP_ARM_INJECT_EXT_DABT),
	X(KVM_CAP_S390_VCPU_RESETS), X(KVM_CAP_S390_PROTECTED), X(KVM_CAP_PPC_SECURE_GUEST),
	X(KVM_CAP_HALT_POLL), X(KVM_CAP_ASYNC_PF_INT), X(KVM_CAP_LAST_CPU),
	X(KVM_CAP_SMALLER_MAXPHYADDR), X(KVM_CAP_S390_DIAG318), X(KVM_CAP_STEAL_TIME),
	X(KVM_CAP_X86_USER_SPACE_MSR), X(KVM_CAP_X86_MSR_FILTER),
	X(KVM_CAP_ENFORCE_PV_FEATURE_CPUID), X(KVM_CAP_SYS_HYPERV_CPUID),
	X(KVM_CAP_DIRTY_LOG_RING), X(KVM_CAP_X86_BUS_LOCK_EXIT), X(KVM_CAP_PPC_DAWR1),
	X(KVM_CAP_SET_GUEST_DEBUG2), X(KVM_CAP_SGX_ATTRIBUTE),
	X(KVM_CAP_VM_COPY_ENC_CONTEXT_FROM), X(KVM_CAP_PTP_KVM),
	X(KVM_CAP_HYPERV_ENFORCE_CPUID), X(KVM_CAP_SREGS2), X(KVM_CAP_EXIT_HYPERCALL),
	X(KVM_CAP_PPC_RPT_INVALIDATE), X(KVM_CAP_BINARY_STATS_FD),
	X(KVM_CAP_EXIT_ON_EMULATION_FAILURE), X(KVM_CAP_ARM_MTE),
	X(KVM_CAP_VM_MOVE_ENC_CONTEXT_FROM), X(KVM_CAP_VM_GPA_BITS), X(KVM_CAP_XSAVE2),
	X(KVM_CAP_SYS_ATTRIBUTES), X(KVM_CAP_PPC_AIL_MODE_3), X(KVM_CAP_S390_MEM_OP_EXTENSION),
	X(KVM_CAP_PMU_CAPABILITY), X(KVM_CAP_DISABLE_QUIRKS2), X(KVM_CAP_VM_TSC_CONTROL),
	X(KVM_CAP_SYSTEM_EVENT_DATA), X(KVM_CAP_ARM_SYSTEM_SUSPEND),
	X(KVM_CAP_S390_PROTECTED_DUMP), X(KVM_CAP_X86_TRIPLE_FAULT_EVENT),
	X(KVM_CAP_X86_NOTIFY_VMEXIT), X(KVM_CAP_VM_DISABLE_NX_HUGE_PAGES),
	X(KVM_CAP_S390_ZPCI_OP), X(KVM_CAP_S390_CPU_TOPOLOGY),
	X(KVM_CAP_DIRTY_LOG_RING_ACQ_REL),
	END,
};

static const struct st_xlat exit_reasons[] = {
	X(KVM_EXIT_UNKNOWN), X(KVM_EXIT_EXCEPTION), X(KVM_EXIT_IO), X(KVM_EXIT_HYPERCALL),
	X(KVM_EXIT_DEBUG), X(KVM_EXIT_HLT), X(KVM_EXIT_MMIO), X(KVM_EXIT_IRQ_WINDOW_OPEN),
	X(KVM_EXIT_SHUTDOWN), X(KVM_EXIT_FAIL_ENTRY), X(KVM_EXIT_INTR), X(KVM_EXIT_SET_TPR),
	X(KVM_EXIT_TPR_ACCESS), X(KVM_EXIT_S390_SIEIC), X(KVM_EXIT_S390_RESET),
	X(KVM_EXIT_DCR), X(KVM_EXIT_NMI), X(KVM_EXIT_INTERNAL_ERROR), X(KVM_EXIT_OSI),
	X(KVM_EXIT_PAPR_HCALL), X(KVM_EXIT_S390_UCONTROL), X(KVM_EXIT_WATCHDOG),
	X(KVM_EXIT_S390_TSCH), X(KVM_EXIT_EPR), X(KVM_EXIT_SYSTEM_EVENT),
	X(KVM_EXIT_S390_STSI), X(KVM_EXIT_IOAPIC_EOI), X(KVM_EXIT_HYPERV),
	X(KVM_EXIT_ARM_NISV), X(KVM_EXIT_X86_RDMSR), X(KVM_EXIT_X86_WRMSR),
	X(KVM_EXIT_DIRTY_RING_FULL), X(KVM_EXIT_AP_RESET_HOLD), X(KVM_EXIT_X86_BUS_LOCK),
	X(KVM_EXIT_XEN), X(KVM_EXIT_RISCV_SBI), X(KVM_EXIT_RISCV_CSR), X(KVM_EXIT_NOTIFY),
	END,
};

static const struct st_xlat mem_flags[] = {
	X(KVM_MEM_LOG_DIRTY_PAGES), X(KVM_MEM_READONLY), END,
};

static const struct st_xlat cpuid_flags[] = {
	X(KVM_CPUID_FLAG_SIGNIFCANT_INDEX), X(KVM_CPUID_FLAG_STATEFUL_FUNC),
	X(KVM_CPUID_FLAG_STATE_READ_NEXT), END,
};

static void memory_region(struct buf *b, const struct kvm_userspace_memory_region *r)
{
	buf_printf(b, "{slot=%u, flags=", r->slot);
	st_xlat_flags_dflt(b, mem_flags, r->flags, "0", "KVM_MEM_???");
	buf_printf(b, ", guest_phys_addr=%#llx, memory_size=%llu, userspace_addr=%#llx}",
		   (unsigned long long)r->guest_phys_addr, (unsigned long long)r->memory_size,
		   (unsigned long long)r->userspace_addr);
}

/* struct kvm_regs: without -v rax, rsp, rbp, rip and rflags only. */
static void regs(struct buf *b, const struct kvm_regs *r, const struct st_dopts *o)
{
	buf_printf(b, "{rax=%#llx, ", (unsigned long long)r->rax);
	if (o->verbose)
		buf_printf(b, "rbx=%#llx, rcx=%#llx, rdx=%#llx, rsi=%#llx, rdi=%#llx, ",
			   (unsigned long long)r->rbx, (unsigned long long)r->rcx,
			   (unsigned long long)r->rdx, (unsigned long long)r->rsi,
			   (unsigned long long)r->rdi);
	else
		buf_printf(b, "..., ");
	buf_printf(b, "rsp=%#llx, rbp=%#llx, ", (unsigned long long)r->rsp,
		   (unsigned long long)r->rbp);
	if (o->verbose)
		buf_printf(b, "r8=%#llx, r9=%#llx, r10=%#llx, r11=%#llx, r12=%#llx, "
			   "r13=%#llx, r14=%#llx, r15=%#llx, ",
			   (unsigned long long)r->r8, (unsigned long long)r->r9,
			   (unsigned long long)r->r10, (unsigned long long)r->r11,
			   (unsigned long long)r->r12, (unsigned long long)r->r13,
			   (unsigned long long)r->r14, (unsigned long long)r->r15);
	else
		buf_printf(b, "..., ");
	buf_printf(b, "rip=%#llx, rflags=%#llx}", (unsigned long long)r->rip,
		   (unsigned long long)r->rflags);
}

static void segment(struct buf *b, const char *name, const struct kvm_segment *s)
{
	buf_printf(b, "%s={base=%#llx, limit=%u, selector=%u, type=%u, present=%u, dpl=%u, "
		   "db=%u, s=%u, l=%u, g=%u, avl=%u}", name, (unsigned long long)s->base,
		   s->limit, s->selector, s->type, s->present, s->dpl, s->db, s->s, s->l, s->g,
		   s->avl);
}

static void dtable(struct buf *b, const char *name, const struct kvm_dtable *t)
{
	buf_printf(b, "%s={base=%#llx, limit=%u}", name, (unsigned long long)t->base, t->limit);
}

/* struct kvm_sregs: without -v the code segment only. */
static void sregs(struct buf *b, const struct kvm_sregs *s, const struct st_dopts *o)
{
	const struct { const char *name; const struct kvm_segment *s; } segs[] = {
		{ "ds", &s->ds }, { "es", &s->es }, { "fs", &s->fs }, { "gs", &s->gs },
		{ "ss", &s->ss }, { "tr", &s->tr }, { "ldt", &s->ldt },
	};
	size_t i;

	buf_printf(b, "{");
	segment(b, "cs", &s->cs);
	if (!o->verbose) {
		buf_printf(b, ", ...}");
		return;
	}
	for (i = 0; i < ARRAY_SIZE(segs); i++) {
		buf_printf(b, ", ");
		segment(b, segs[i].name, segs[i].s);
	}
	buf_printf(b, ", ");
	dtable(b, "gdt", &s->gdt);
	buf_printf(b, ", ");
	dtable(b, "idt", &s->idt);
	buf_printf(b, ", cr0=%llu, cr2=%llu, cr3=%llu, cr4=%llu, cr8=%llu, efer=%llu, "
		   "apic_base=%#llx, interrupt_bitmap=[", (unsigned long long)s->cr0,
		   (unsigned long long)s->cr2, (unsigned long long)s->cr3,
		   (unsigned long long)s->cr4, (unsigned long long)s->cr8,
		   (unsigned long long)s->efer, (unsigned long long)s->apic_base);
	for (i = 0; i < ARRAY_SIZE(s->interrupt_bitmap); i++)
		buf_printf(b, "%s%#llx", i ? ", " : "", (unsigned long long)s->interrupt_bitmap[i]);
	buf_printf(b, "]}");
}

/*
 * struct kvm_cpuid2 as the call saw it at entry (exit false) or at exit:
 * its entries under -v, each read while it can be (the BPF program reads
 * the whole table under -v, st_ioc_kvm_capture), else "...".
 */
static void cpuid2(struct buf *b, const struct st_call *c, const struct st_dopts *o, bool exit)
{
	struct kvm_cpuid2 t;
	struct kvm_cpuid_entry2 e;
	uint64_t at = c->args[2] + sizeof(t);
	uint32_t i;

	if (!st_ioctl_umove(b, c, o, exit, &t, sizeof(t)))
		return;
	buf_printf(b, "{nent=%u, entries=", t.nent);
	if (!o->verbose) {
		buf_printf(b, t.nent ? "[...]}" : "[]}");
		return;
	}
	for (i = 0; i < t.nent; i++, at += sizeof(e)) {
		if (st_ioctl_mem(c, exit, at, &e, sizeof(e), false) < sizeof(e)) {
			st_ioctl_arr_cut(b, i, at);
			break;
		}
		buf_printf(b, "%s{function=%#x, index=%#x, flags=", i ? ", " : "[", e.function,
			   e.index);
		st_xlat_flags_dflt(b, cpuid_flags, e.flags, "0", "KVM_CPUID_FLAG_???");
		buf_printf(b, ", eax=%#x, ebx=%#x, ecx=%#x, edx=%#x}", e.eax, e.ebx, e.ecx, e.edx);
	}
	if (!t.nent)
		buf_printf(b, "[");
	if (i || !t.nent)
		buf_printf(b, "]");
	buf_printf(b, "}");
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned request = (unsigned)c->args[1];
	bool exit = false;

	switch (request) {
	case KVM_CREATE_VCPU:
		buf_printf(b, "%u", (uint32_t)c->args[2]);
		return true;
	case KVM_CHECK_EXTENSION:
		st_xlat_val(b, caps, c->args[2], "KVM_CAP_???");
		return true;
	case KVM_SET_USER_MEMORY_REGION: {
		struct kvm_userspace_memory_region r;

		if (st_ioctl_umove(b, c, o, false, &r, sizeof(r)))
			memory_region(b, &r);
		return true;
	}
	case KVM_GET_REGS:
		exit = true;
		/* fall through */
	case KVM_SET_REGS: {
		struct kvm_regs r;

		if (st_ioctl_umove(b, c, o, exit, &r, sizeof(r)))
			regs(b, &r, o);
		return true;
	}
	case KVM_GET_SREGS:
		exit = true;
		/* fall through */
	case KVM_SET_SREGS: {
		struct kvm_sregs s;

		if (st_ioctl_umove(b, c, o, exit, &s, sizeof(s)))
			sregs(b, &s, o);
		return true;
	}
	case KVM_GET_SUPPORTED_CPUID:
	case KVM_GET_EMULATED_CPUID:
		exit = true;
		/* fall through */
	case KVM_SET_CPUID2:
		cpuid2(b, c, o, exit);
		return true;
	}
	return false;
}

static const char *ret_fd(const struct st_call *c, char *name, size_t size)
{
	switch ((unsigned)c->args[1]) {
	case KVM_CREATE_VM:
		snprintf(name, size, VM_NAME);
		return name;
	case KVM_CREATE_VCPU:
		snprintf(name, size, VCPU_NAME "%d", (int)(uint32_t)c->args[2]);
		return name;
	}
	return NULL;
}

/*
 * The start of the mapping of the run area of tid's vCPU descriptor fd
 * into *at, and true: the first mapping of the vCPU's anonymous inode
 * (a device number of major 0) at least a struct kvm_run long, as
 * strace finds it.
 */
static bool run_area(const struct st_call *c, const struct st_dopts *o, int fd, uint64_t *at)
{
	char path[64], target[PATH_MAX], line[PATH_MAX + 128];
	const char *name = o->fds ? st_fds_get(o->fds, c->tid, fd) : NULL;
	bool found = false;
	ssize_t n;
	FILE *f;

	if (!name) {
		snprintf(path, sizeof(path), "/proc/%d/fd/%d", c->tid, fd);
		n = readlink(path, target, sizeof(target) - 1);
		if (n <= 0)
			return false;
		target[n] = 0;
		name = target;
	}
	if (strncmp(name, VCPU_NAME, strlen(VCPU_NAME)))
		return false;
	snprintf(path, sizeof(path), "/proc/%d/maps", c->tid);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long start, end;
		unsigned major;
		int off = 0;
		char *p;

		if (sscanf(line, "%llx-%llx %*s %*s %x:%*x %*u %n", &start, &end, &major, &off) < 3 ||
		    !off)
			continue;
		p = line + off;
		p[strcspn(p, "\n")] = 0;
		if (major || strcmp(p, name))
			continue;
		found = end - start >= sizeof(struct kvm_run);
		*at = start;
		break;
	}
	fclose(f);
	return found;
}

/*
 * KVM_RUN under -e kvm=vcpu: "0 (KVM_EXIT_HLT)", why the vCPU stopped:
 * as the BPF program read it at the call's exit (st_ioc_kvm_exit), else
 * from the run area the process mapped, while it lives.
 */
static bool ret(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	const struct st_cap *k = st_cap_find(c, ST_L_IOCTL_OUT, 2, ST_KVM_EXIT_IDX);
	uint32_t reason;
	uint64_t at;

	if ((unsigned)c->args[1] != KVM_RUN || !o->kvm_vcpu || st_call_failed(c))
		return false;
	if (k)
		reason = (uint32_t)k->n;
	else if (!run_area(c, o, (int)c->args[0], &at) ||
		 st_tracee_read(c->tid, at + offsetof(struct kvm_run, exit_reason),
				(unsigned char *)&reason, sizeof(reason), false) < sizeof(reason))
		return false;
	buf_printf(b, "%llu (%s)", (unsigned long long)c->ret,
		   st_xlat_name(exit_reasons, reason) ? st_xlat_name(exit_reasons, reason) :
		   "KVM_EXIT_???");
	return true;
}

void st_ioc_kvm_capture(struct buf *b, const char *request)
{
	buf_printf(b, "$v = %s & 0xffffffff; if ($nr == %d && $a && ($v == %u || $v == %u || "
		   "$v == %u)) { $kz = %zu + (*(uint32 *)$a) * %zu; if ($kz > $z) { $z = $kz; } "
		   "if ($z > %d) { $z = %d; } } ", request, __NR_ioctl, (unsigned)KVM_SET_CPUID2,
		   (unsigned)KVM_GET_SUPPORTED_CPUID, (unsigned)KVM_GET_EMULATED_CPUID,
		   sizeof(struct kvm_cpuid2), sizeof(struct kvm_cpuid_entry2), ST_IOCTL_READ_MAX,
		   ST_IOCTL_READ_MAX);
}

void st_ioc_kvm_exit(struct buf *b, char l, const char *fd, const char *request)
{
	/* Without struct kvm_vcpu in BTF, user space reads the run area alone. */
	kbtf_install();
	if (kbtf_member("kvm_vcpu", "run", NULL) < 0)
		return;
	buf_printf(b, "\tif ($nr == %d && arg1 == 0 && (%s & 0xffffffff) == %u) { "
		   "$kvt = curtask->files->fdt; $kvd = %s & 0xffffffff; if ($kvd < $kvt->max_fds) { "
		   "$kvf = (struct file *)*((uint64)$kvt->fd + $kvd * 8); if ($kvf) { "
		   "$kvc = (struct kvm_vcpu *)$kvf->private_data; "
		   "printf(\"c%c%d %%d %%d %%d\", $t, %d, $kvc->run->exit_reason); } } }\n",
		   __NR_ioctl, request, (unsigned)KVM_RUN, fd, l, 2, ST_KVM_EXIT_IDX);
}

const struct st_ioc_family st_ioc_kvm = {
	.type = KVMIO, .decode = decode, .ret_fd = ret_fd, .ret = ret,
};
